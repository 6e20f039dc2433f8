// Reading node configurations leniently: ThingsBoard's stored JSON sometimes has strings for booleans.

export const TB = 'org.thingsboard.rule.engine.';

export function configStrings(cfg: Record<string, unknown>, key: string): string[] {
  const v = cfg[key];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw new Error(`'${key}' must be a list of strings`);
  return v as string[];
}

export function configBool(cfg: Record<string, unknown>, key: string, fallback: boolean): boolean {
  const v = cfg[key];
  if (typeof v === 'boolean') return v;
  if (v === 'true') return true;
  if (v === 'false') return false;
  return fallback;
}

export function configString(cfg: Record<string, unknown>, key: string, fallback: string): string {
  const v = cfg[key];
  return typeof v === 'string' ? v : fallback;
}

export function configNumber(cfg: Record<string, unknown>, key: string, fallback: number): number {
  const v = cfg[key];
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : fallback;
}
