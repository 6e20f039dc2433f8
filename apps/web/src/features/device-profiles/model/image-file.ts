/**
 * Profile image rules (spec 1-client §5 image input): one file, an image, read as a data URL, no
 * bigger than the limit; spec §9 formats sizes with units bytes…PB and 0,0,1,1,2,2 decimals.
 */
export const MAX_IMAGE_BYTES = 512 * 1024;

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;
const DECIMALS = [0, 0, 1, 1, 2, 2] as const;

export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '?';
  let unit = 0;
  let value = bytes;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(DECIMALS[unit])} ${UNITS[unit]}`;
}

export type ImageProblem = 'not-image' | 'too-large';

export function imageFileProblem(file: { type: string; size: number }, maxBytes = MAX_IMAGE_BYTES) {
  if (!file.type.startsWith('image/')) return 'not-image' as const;
  if (file.size > maxBytes) return 'too-large' as const;
  return undefined;
}

/** Only data-URL images are kept (a remote URL would leak the viewer's address to another host). */
export function isImageDataUrl(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^data:image\/[a-z0-9.+-]+(;[a-z0-9=.+-]+)*(;base64)?,/i.test(value);
}
