import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_POLICY, checkPasswordPolicy } from './password-policy.ts';

describe('checkPasswordPolicy', () => {
  it('accepts a 6-character password under the default policy and refuses a 5-character one', () => {
    expect(checkPasswordPolicy('abcdef', DEFAULT_PASSWORD_POLICY)).toEqual([]);
    expect(checkPasswordPolicy('abcde', DEFAULT_PASSWORD_POLICY)).toEqual([
      'Password must be 6 or more characters in length.',
    ]);
  });

  it('caps the length at 72 bytes even when the policy allows more (bcrypt limit)', () => {
    expect(checkPasswordPolicy('a'.repeat(72), { maximumLength: 100 })).toEqual([]);
    expect(checkPasswordPolicy('a'.repeat(73), { maximumLength: 100 })).toEqual([
      'Password must be no more than 72 characters in length.',
    ]);
    expect(checkPasswordPolicy('é'.repeat(37), {})).toHaveLength(1); // 74 bytes
  });

  it('names every missing character class', () => {
    const policy = {
      minimumUppercaseLetters: 1,
      minimumLowercaseLetters: 1,
      minimumDigits: 2,
      minimumSpecialCharacters: 1,
    };
    expect(checkPasswordPolicy('Abc12!', policy)).toEqual([]);
    expect(checkPasswordPolicy('abc', policy)).toEqual([
      'Password must contain 1 or more uppercase characters.',
      'Password must contain 2 or more digit characters.',
      'Password must contain 1 or more special characters.',
    ]);
  });

  it('refuses whitespace only when the policy says so', () => {
    expect(checkPasswordPolicy('with space', { allowWhitespaces: false })).toEqual([
      'Password contains a whitespace character.',
    ]);
    expect(checkPasswordPolicy('with space', {})).toEqual([]);
  });
});
