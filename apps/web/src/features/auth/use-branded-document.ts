import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { brandedTitle, type LoginBranding } from './login-white-label';

function faviconLink(): HTMLLinkElement {
  const existing = document.head.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (existing) return existing;
  const link = document.createElement('link');
  link.rel = 'icon';
  document.head.appendChild(link);
  return link;
}

/**
 * The white-label title and icon on the sign-in screens (spec 1-client §2.2). The product's own
 * title and icon come back when the screen goes away.
 */
export function useBrandedDocument(branding: LoginBranding | null, pageTitleKey: string) {
  const { t } = useTranslation();
  const title = branding?.title ?? null;
  const icon = branding?.icon ?? null;
  const pageTitle = t(pageTitleKey);

  useEffect(() => {
    if (!title) return;
    // The root layout sets the product title in its own effect, which runs after this one (parents
    // run their effects after their children); set ours once that has happened.
    const timer = window.setTimeout(() => {
      document.title = brandedTitle(title, pageTitle);
    });
    return () => window.clearTimeout(timer);
  }, [title, pageTitle]);

  useEffect(() => {
    if (!icon) return;
    const link = faviconLink();
    const previous = { href: link.getAttribute('href'), type: link.getAttribute('type') };
    link.href = icon;
    link.removeAttribute('type'); // the product icon is SVG; the tenant's may be anything
    return () => {
      if (previous.href === null) link.removeAttribute('href');
      else link.setAttribute('href', previous.href);
      if (previous.type !== null) link.setAttribute('type', previous.type);
    };
  }, [icon]);
}
