/** Positional parameters of one SQL statement: user values never enter the SQL text. */
export class SqlParams {
  readonly values: unknown[] = [];

  /** Adds a value and returns its placeholder (`$n`, with an optional cast). */
  add(value: unknown, cast?: string): string {
    this.values.push(value);
    return `$${this.values.length}${cast ? `::${cast}` : ''}`;
  }
}

/** Escapes LIKE wildcards and appends `%`: a prefix match on exactly the given characters. */
export function likePrefixParam(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`) + '%';
}
