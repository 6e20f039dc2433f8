// Widget settings come from imported JSON and from our forms: read them defensively, with a fallback.
type Settings = Readonly<Record<string, unknown>>;

export function numSetting(settings: Settings, key: string, fallback: number): number {
  const v = settings[key];
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : fallback;
}

/** A number setting that may be empty (automatic): null when unset or not a number. */
export function optionalNumSetting(settings: Settings, key: string): number | null {
  const n = numSetting(settings, key, NaN);
  return Number.isFinite(n) ? n : null;
}

export function boolSetting(settings: Settings, key: string, fallback: boolean): boolean {
  const v = settings[key];
  return typeof v === 'boolean' ? v : fallback;
}

export function strSetting(settings: Settings, key: string, fallback: string): string {
  const v = settings[key];
  return typeof v === 'string' && v !== '' ? v : fallback;
}

export function objSetting(settings: Settings, key: string): Record<string, unknown> {
  const v = settings[key];
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

export function arraySetting<T = unknown>(settings: Settings, key: string): T[] {
  const v = settings[key];
  return Array.isArray(v) ? (v as T[]) : [];
}
