/** A plain JSON object (not null, not an array): stored configurations are read through this. */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
