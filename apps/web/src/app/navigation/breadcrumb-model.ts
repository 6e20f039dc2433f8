import type { RouteHandle } from './route-handle';

export interface Crumb {
  /** Translation key, unless `text` (a label set by the page, e.g. a tenant's title) is given. */
  label: string;
  text?: string;
  icon: string;
  /** The accumulated path this crumb links to. */
  path: string;
}

export interface MatchLike {
  pathname: string;
  handle?: unknown;
}

/**
 * One crumb per matched route that carries breadcrumb data and is not skipped, linking to the path
 * matched so far; label defaults to home, icon to 'home' (spec 1-client §2.5). `labels` holds
 * page-provided texts keyed by path.
 */
export function buildBreadcrumbs(
  matches: readonly MatchLike[],
  labels: Readonly<Record<string, string>> = {},
): Crumb[] {
  const crumbs: Crumb[] = [];
  for (const match of matches) {
    const data = (match.handle as RouteHandle | undefined)?.breadcrumb;
    if (!data || data.skip) continue;
    const path = match.pathname.length > 1 ? match.pathname.replace(/\/$/, '') : match.pathname;
    if (crumbs.at(-1)?.path === path) continue; // an index route repeats its parent's path
    const text = labels[path];
    crumbs.push({ label: data.label ?? 'home.home', icon: data.icon ?? 'home', path, ...(text ? { text } : {}) });
  }
  return crumbs;
}
