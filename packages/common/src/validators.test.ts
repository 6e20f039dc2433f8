import { describe, expect, it } from 'vitest';
import { PHONE_RE, isValidEmail } from './validators.ts';
import { isUuid } from './ids.ts';

describe('validators', () => {
  it('accepts ordinary addresses and rejects malformed ones', () => {
    expect(isValidEmail('tenant@sapo.local')).toBe(true);
    expect(isValidEmail('no-at-sign')).toBe(false);
    expect(isValidEmail('a@b')).toBe(false);
    expect(isValidEmail('a b@c.d')).toBe(false);
  });
  it('follows the phone pattern of spec 2-calls §5', () => {
    expect(PHONE_RE.test('+14155550100')).toBe(true);
    expect(PHONE_RE.test('+0123')).toBe(false);
    expect(PHONE_RE.test('14155550100')).toBe(false);
  });
  it('recognises uuids', () => {
    expect(isUuid('13814000-1dd2-11b2-8080-808080808080')).toBe(true);
    expect(isUuid('nope')).toBe(false);
  });
});
