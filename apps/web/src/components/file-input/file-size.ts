// Spec 1-client §9: units bytes…PB shown with 0, 0, 1, 1, 2, 2 decimals; a non-number shows '?'.
const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;
const DECIMALS = [0, 0, 1, 1, 2, 2] as const;

/** A byte count for people: 1536 → '2 KB', 5242880 → '5.0 MB'. */
export function formatFileSize(bytes: unknown): string {
  const value = typeof bytes === 'string' && bytes.trim() !== '' ? Number(bytes) : bytes;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return '?';
  let unit = 0;
  let size = value;
  while (size >= 1024 && unit < UNITS.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return `${size.toFixed(DECIMALS[unit])} ${UNITS[unit]}`;
}

/** Extensions of an accept list ('.csv, json' → ['csv', 'json']); MIME types are left to the picker. */
export function acceptedExtensions(accept: string | undefined): string[] {
  return (accept ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '' && !part.includes('/'))
    .map((part) => part.replace(/^\*?\./, ''));
}

export type FileCheck = { ok: true } | { ok: false; reason: 'too-large' | 'wrong-type' | 'empty' };

/**
 * Whether a chosen file may be read: its extension is in the accept list (when the list has
 * extensions), it is not over maxSize bytes, and it is not empty.
 */
export function checkFile(file: { name: string; size: number }, accept?: string, maxSize?: number): FileCheck {
  const extensions = acceptedExtensions(accept);
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (extensions.length > 0 && !extensions.includes(extension)) return { ok: false, reason: 'wrong-type' };
  if (maxSize !== undefined && maxSize > 0 && file.size > maxSize) return { ok: false, reason: 'too-large' };
  if (file.size === 0) return { ok: false, reason: 'empty' };
  return { ok: true };
}
