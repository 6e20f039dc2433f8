import { cssUrl, isCssColor, isSafeImageSrc } from './safe-urls';

/** GET /api/noauth/whiteLabel/{host}: spec 1-client §3.1 field names (`logoHeight` is the same as `height`). */
export interface LoginWhiteLabel {
  domainName?: string | null;
  title?: string | null;
  icon?: string | null;
  logo?: string | null;
  height?: number | null;
  logoHeight?: number | null;
  intro?: string | null;
  background?: string | null;
  color?: string | null;
}

export type BrandBackground = { kind: 'color'; color: string } | { kind: 'image'; url: string };

/** What the sign-in screens use, every part already checked; null parts keep the product's look. */
export interface LoginBranding {
  title: string | null;
  /** Favicon URL. */
  icon: string | null;
  logo: string | null;
  /** Logo height in px (50 unless set, as in ThingsBoard). */
  logoHeight: number;
  intro: string | null;
  background: BrandBackground | null;
}

export const DEFAULT_LOGO_HEIGHT = 50;
const MAX_LOGO_HEIGHT = 1000;

const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

function toBackground(value: unknown): BrandBackground | null {
  const background = str(value);
  if (!background) return null;
  if (isCssColor(background)) return { kind: 'color', color: background };
  return isSafeImageSrc(background) ? { kind: 'image', url: background } : null;
}

function toHeight(raw: Record<string, unknown>): number {
  const value = raw.height ?? raw.logoHeight;
  return typeof value === 'number' && Number.isFinite(value) && value > 0
    ? Math.min(Math.round(value), MAX_LOGO_HEIGHT)
    : DEFAULT_LOGO_HEIGHT;
}

/**
 * The server's answer as branding, or null when there is none (any error is treated as "no white
 * label", spec 1-client §7). Values that are not safe to put in the page are dropped one by one.
 */
export function toLoginBranding(raw: unknown): LoginBranding | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const wl = raw as Record<string, unknown>;
  const image = (value: unknown) => {
    const src = str(value);
    return src && isSafeImageSrc(src) ? src : null;
  };
  const branding: LoginBranding = {
    title: str(wl.title),
    icon: image(wl.icon),
    logo: image(wl.logo),
    logoHeight: toHeight(wl),
    intro: str(wl.intro),
    background: toBackground(wl.background),
  };
  const { title, icon, logo, intro, background } = branding;
  return [title, icon, logo, intro, background].some((part) => part !== null) ? branding : null;
}

/** CSS for the page behind the card: a colour, or an image covering the page. */
export function backgroundCss(background: BrandBackground): Record<string, string> {
  return background.kind === 'color'
    ? { backgroundColor: background.color, backgroundImage: 'none' }
    : { backgroundImage: cssUrl(background.url), backgroundSize: 'cover', backgroundPosition: 'center' };
}

/** 'Acme | Login': the white-label title stands where the product name would. */
export function brandedTitle(brandTitle: string, pageTitle: string | null): string {
  return pageTitle ? `${brandTitle} | ${pageTitle}` : brandTitle;
}
