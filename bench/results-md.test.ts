import { describe, expect, it } from 'vitest';
import { RESULTS_HEADER, upsertSection } from './results-md.ts';

describe('upsertSection', () => {
  const doc = `${RESULTS_HEADER}\n## Foundation — old\n\n| a |\n\n## Other — x\n\nkeep me\n`;

  it('replaces its own section and keeps the others', () => {
    const next = upsertSection(doc, 'Foundation', 'Foundation — new', '| b |');
    expect(next).toContain('## Foundation — new\n\n| b |\n');
    expect(next).not.toContain('old');
    expect(next).toContain('## Other — x\n\nkeep me');
    expect(next.startsWith(RESULTS_HEADER.trimEnd())).toBe(true);
  });

  it('appends a new section, and starts a fresh file with the header', () => {
    expect(upsertSection(doc, 'Web bundle', 'Web bundle — d', 'rows')).toMatch(
      /keep me\n\n## Web bundle — d\n\nrows\n$/,
    );
    expect(upsertSection('', 'Web bundle', 'Web bundle — d', 'rows')).toBe(
      `${RESULTS_HEADER}\n## Web bundle — d\n\nrows\n`,
    );
  });

  it('replaces the last section too', () => {
    const next = upsertSection(doc, 'Other', 'Other — y', 'new');
    expect(next).toMatch(/## Foundation — old\n\n\| a \|\n\n## Other — y\n\nnew\n$/);
  });
});
