import { isSafeImageSrc, isSafeLink } from './safe-urls';

/** One entry of POST /api/noauth/oauth2Clients. */
export interface OAuth2ClientInfo {
  name: string;
  /** An image to show beside the name, when the icon is one (ThingsBoard also sends icon names). */
  iconSrc: string | null;
  url: string;
}

/** The answer as a list of usable sign-in links: entries without a name or a safe URL are left out. */
export function toOAuth2Clients(raw: unknown): OAuth2ClientInfo[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { name, icon, url } = item as Record<string, unknown>;
    if (typeof name !== 'string' || !name.trim() || typeof url !== 'string' || !isSafeLink(url)) return [];
    const iconSrc = typeof icon === 'string' && isSafeImageSrc(icon) ? icon : null;
    return [{ name: name.trim(), iconSrc, url }];
  });
}
