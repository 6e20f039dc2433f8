/**
 * Places a server 400 message next to the field it is about. Our server names fields in quotes
 * ("Invalid value of 'phone': …", "Field 'title' is required"); ThingsBoard-style messages name them
 * in words ("Customer title should be specified!", "Invalid email address format 'x'!").
 */
export interface PlacedError {
  /** The form field the message is about, when one could be recognised. */
  field?: string;
  message: string;
}

export function placeServerError(message: string, fields: readonly string[]): PlacedError {
  const quoted = /'([A-Za-z0-9_.[\]/]+)'/.exec(message)?.[1];
  if (quoted) {
    const last = quoted.split(/[./]/).filter(Boolean).at(-1);
    const field = fields.find((name) => name === quoted || name === last);
    if (field) return { field, message };
  }
  const lower = message.toLowerCase();
  // The field named first wins ("email address" is about the email); word boundaries keep
  // 'address' from matching 'address2'.
  let best: { field: string; at: number } | undefined;
  for (const name of fields) {
    const at = lower.search(new RegExp(`\\b${name.toLowerCase()}\\b`));
    if (at >= 0 && (!best || at < best.at)) best = { field: name, at };
  }
  return best ? { field: best.field, message } : { message };
}
