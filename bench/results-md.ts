// bench/RESULTS.md holds one section per benchmark; each run replaces its own section and keeps the others.

export const RESULTS_HEADER =
  '# Benchmark results\n\nWritten by `npm run bench` (2-core machine, embedded database, server in a separate process).\n';

/**
 * Replaces the section whose heading starts with `## {name}` (up to the next `## ` heading), or appends it.
 * `body` is the section without its heading.
 */
export function upsertSection(markdown: string, name: string, heading: string, body: string): string {
  const text = markdown.startsWith('# ') ? markdown : RESULTS_HEADER;
  const section = `## ${heading}\n\n${body.trim()}\n`;
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`## ${name}`));
  if (start === -1) return `${text.trimEnd()}\n\n${section}`;
  let end = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  if (end === -1) end = lines.length;
  const before = lines.slice(0, start).join('\n').trimEnd();
  const after = lines.slice(end).join('\n').trim();
  return `${before}\n\n${section}${after ? `\n${after}\n` : ''}`;
}
