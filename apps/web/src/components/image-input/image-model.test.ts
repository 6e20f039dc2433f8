import { describe, expect, it } from 'vitest';
import { checkImageFile, isImageDataUrl } from './image-model';

describe('checkImageFile', () => {
  it('accepts images within the limit', () => {
    expect(checkImageFile({ type: 'image/png', size: 100 }, 1000)).toEqual({ ok: true });
    expect(checkImageFile({ type: 'image/svg+xml', size: 10 ** 9 })).toEqual({ ok: true });
  });

  it('refuses other types and images over the limit', () => {
    expect(checkImageFile({ type: 'text/plain', size: 1 })).toEqual({ ok: false, reason: 'not-image' });
    expect(checkImageFile({ type: 'image/jpeg', size: 2000 }, 1000)).toEqual({ ok: false, reason: 'too-large' });
  });
});

describe('isImageDataUrl', () => {
  it('keeps data-URL images only', () => {
    expect(isImageDataUrl('data:image/png;base64,iVBOR')).toBe(true);
    expect(isImageDataUrl('data:image/svg+xml;charset=utf-8,<svg/>')).toBe(true);
    expect(isImageDataUrl('https://example.com/a.png')).toBe(false);
    expect(isImageDataUrl('data:text/html;base64,PGI+')).toBe(false);
    expect(isImageDataUrl(null)).toBe(false);
  });
});
