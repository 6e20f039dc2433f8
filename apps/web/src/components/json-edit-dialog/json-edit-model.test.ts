import { describe, expect, it } from 'vitest';
import { canSaveJson, formatJson, parseJsonText } from './json-edit-model';

describe('parseJsonText', () => {
  it('parses JSON values', () => {
    expect(parseJsonText('{"a": [1, true]}')).toEqual({ ok: true, value: { a: [1, true] } });
  });

  it("reports a parse error as 'Error: name: message'", () => {
    const result = parseJsonText('{"a": }');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/^Error: SyntaxError: ./);
  });

  it('treats empty text as missing only when required', () => {
    expect(parseJsonText('  ')).toEqual({ ok: false, error: 'json-edit.json-required' });
    expect(parseJsonText('', false)).toEqual({ ok: true, value: undefined });
  });
});

describe('canSaveJson', () => {
  const initial = { a: 1 };

  it('is off while unchanged (formatting alone is no change), invalid or loading', () => {
    expect(canSaveJson(parseJsonText('{ "a" :1 }'), initial)).toBe(false);
    expect(canSaveJson(parseJsonText('{"a":'), initial)).toBe(false);
    expect(canSaveJson(parseJsonText('{"a":2}'), initial, true)).toBe(false);
  });

  it('is on for a changed valid value', () => {
    expect(canSaveJson(parseJsonText('{"a":2}'), initial)).toBe(true);
  });

  it('formats with an indent of 2', () => {
    expect(formatJson({ a: 1 })).toBe('{\n  "a": 1\n}');
  });
});
