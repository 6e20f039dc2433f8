import { describe, expect, it } from 'vitest';
import { acceptedExtensions, checkFile, formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it('uses the spec units and decimals', () => {
    expect(formatFileSize(500)).toBe('500 bytes');
    expect(formatFileSize(1536)).toBe('2 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatFileSize(1.5 * 1024 ** 3)).toBe('1.5 GB');
    expect(formatFileSize(2 * 1024 ** 4)).toBe('2.00 TB');
    expect(formatFileSize(3 * 1024 ** 5)).toBe('3.00 PB');
    expect(formatFileSize('2048')).toBe('2 KB');
  });

  it("shows '?' for what is not a size", () => {
    expect(formatFileSize('abc')).toBe('?');
    expect(formatFileSize(undefined)).toBe('?');
    expect(formatFileSize(-1)).toBe('?');
  });
});

describe('checkFile', () => {
  it('reads the extensions of an accept list', () => {
    expect(acceptedExtensions('.csv, JSON,image/*,*.xlsx')).toEqual(['csv', 'json', 'xlsx']);
    expect(acceptedExtensions(undefined)).toEqual([]);
  });

  it('refuses other extensions, files over the limit and empty files', () => {
    expect(checkFile({ name: 'a.txt', size: 10 }, '.csv,.json')).toEqual({ ok: false, reason: 'wrong-type' });
    expect(checkFile({ name: 'a.JSON', size: 10 }, '.csv,.json')).toEqual({ ok: true });
    expect(checkFile({ name: 'a.csv', size: 2000 }, '.csv', 1000)).toEqual({ ok: false, reason: 'too-large' });
    expect(checkFile({ name: 'a.csv', size: 0 }, '.csv')).toEqual({ ok: false, reason: 'empty' });
    expect(checkFile({ name: 'noext', size: 5 })).toEqual({ ok: true });
  });
});
