/**
 * A light check of the protobuf schemas a device profile stores for PROTOBUF payloads: the rules
 * ThingsBoard enforces (proto3 only; no imports, options, extensions, groups, reserved fields,
 * required labels or default values; at least one message; nested enums without options), checked
 * lexically. The transport compiles the schema when it decodes payloads; this catches mistakes
 * at save time with a message that names the schema.
 */
export function checkProtoSchema(schema: string, schemaName: string): string | undefined {
  const invalid = (why: string) => `[Transport Configuration] invalid ${schemaName} provided! ${why}`;
  const text = stripComments(schema);
  if (text === undefined) return `[Transport Configuration] failed to parse ${schemaName} due to: unclosed comment`;
  const syntax = /^\s*syntax\s*=\s*(["'])([^"']*)\1\s*;/.exec(text);
  if (!syntax || syntax[2] !== 'proto3') {
    return `[Transport Configuration] invalid schema syntax: ${syntax ? syntax[2] : 'none'} for ${schemaName} provided! Only proto3 allowed!`;
  }
  const body = text.slice(syntax[0].length).replace(/(["'])(?:\\.|(?!\1).)*\1/g, '""');
  let depth = 0;
  for (const ch of body) {
    if (ch === '{') depth++;
    if (ch === '}' && --depth < 0) break;
  }
  if (depth !== 0) return `[Transport Configuration] failed to parse ${schemaName} due to: unbalanced braces`;
  // Keywords count only where a statement starts, so a field may still be called "group" or "reserved".
  const statement = (w: string) => new RegExp(`(^|[;{}])\\s*${w}\\b`).test(body);
  if (statement('import')) return invalid("Schema imports don't support!");
  if (statement('extend')) return invalid("Schema extend declarations don't support!");
  if (statement('option')) return invalid("Schema options don't support!");
  if (/\[\s*default\s*=/.test(body)) return invalid('Default values are not supported!');
  if (statement('required')) return invalid('Required labels are not supported!');
  if (statement('((optional|repeated)\\s+)?group')) return invalid("Message definition groups don't support!");
  if (statement('extensions')) return invalid("Message definition extensions don't support!");
  if (statement('reserved')) return invalid("Message definition reserved elements don't support!");
  if (!statement('message')) return invalid('At least one Message definition should exists!');
  return undefined;
}

/** Removes // and /* *\/ comments outside strings; undefined when a block comment never ends. */
function stripComments(src: string): string | undefined {
  let out = '';
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (ch === '"' || ch === "'") {
      const end = findStringEnd(src, i);
      out += src.slice(i, end + 1);
      i = end;
    } else if (ch === '/' && src[i + 1] === '/') {
      while (i < src.length && src[i] !== '\n') i++;
      out += '\n';
    } else if (ch === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      if (end < 0) return undefined;
      out += ' ';
      i = end + 1;
    } else {
      out += ch;
    }
  }
  return out;
}

function findStringEnd(src: string, start: number): number {
  const quote = src[start];
  for (let i = start + 1; i < src.length; i++) {
    if (src[i] === '\\') i++;
    else if (src[i] === quote || src[i] === '\n') return i;
  }
  return src.length - 1;
}
