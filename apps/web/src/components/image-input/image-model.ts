export type ImageCheck = { ok: true } | { ok: false; reason: 'not-image' | 'too-large' };

/** Spec 1-client §5: one image/* file, at most maxSizeBytes when a limit is given. */
export function checkImageFile(file: { type: string; size: number }, maxSizeBytes?: number): ImageCheck {
  if (!file.type.startsWith('image/')) return { ok: false, reason: 'not-image' };
  if (maxSizeBytes !== undefined && maxSizeBytes > 0 && file.size > maxSizeBytes)
    return { ok: false, reason: 'too-large' };
  return { ok: true };
}

/**
 * Only data-URL images are kept as values (spec §5): an image stored inside the dashboard JSON.
 * An http(s) URL would reach out to another server from a shared dashboard.
 */
export function isImageDataUrl(value: unknown): value is string {
  return typeof value === 'string' && /^data:image\/[a-z0-9.+-]+(;[a-z0-9=.+-]+)*(;base64)?,/i.test(value);
}
