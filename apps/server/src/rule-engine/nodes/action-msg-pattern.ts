// ThingsBoard's message patterns: `${key}` takes a metadata value, `$[key]` a top-level field of the
// JSON message data; unknown keys are left as written.
import type { TbMsg } from '../rule-engine-types.ts';

export function processPattern(pattern: string, msg: TbMsg): string {
  if (!pattern.includes('$')) return pattern;
  let data: unknown;
  let parsed = false;
  return pattern
    .replace(/\$\{([^}]+)\}/g, (whole, key: string) => msg.metaData[key] ?? whole)
    .replace(/\$\[([^\]]+)\]/g, (whole, key: string) => {
      if (!parsed) {
        parsed = true;
        try {
          data = JSON.parse(msg.data);
        } catch {
          data = undefined;
        }
      }
      const v = data && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined;
      if (v === undefined || v === null) return whole;
      return typeof v === 'object' ? JSON.stringify(v) : String(v);
    });
}

export function parseJsonData(msg: TbMsg): unknown {
  try {
    return JSON.parse(msg.data);
  } catch {
    return msg.data;
  }
}
