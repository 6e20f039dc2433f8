// Pure half of the navigation widgets: the pages a user's menu offers, narrowed by the widget's settings.
import type { MenuSection } from '../../../../app/navigation/menu-model';

export interface NavigationPlace {
  path: string;
  /** Translation key; `title` (a dashboard's own title) wins when set. */
  name: string;
  title?: string;
  icon: string;
}

export type NavigationFilterType = 'all' | 'include' | 'exclude';

export function filterTypeOf(value: unknown): NavigationFilterType {
  return value === 'include' || value === 'exclude' ? value : 'all';
}

/** '/devices/' and 'devices' name the same page as '/devices'. */
export function normalizePath(path: string): string {
  const trimmed = path.trim();
  if (trimmed === '') return '';
  // Absolute URLs are not app pages: a card must not lead out of the app.
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith('//')) return '';
  const withSlash = trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
}

/** Every page of the menu (sub-pages of groups included), without Home: the dashboard is on it. */
export function menuPlaces(sections: readonly MenuSection[]): NavigationPlace[] {
  const places: NavigationPlace[] = [];
  const add = (section: MenuSection) => {
    if (section.path === '/home') return;
    places.push({
      path: section.path,
      name: section.name,
      icon: section.icon,
      ...(section.title ? { title: section.title } : {}),
    });
  };
  for (const section of sections) {
    if (section.type === 'toggle' && section.pages) section.pages.forEach(add);
    else add(section);
  }
  return places;
}

/** The places the widget shows: all, only the listed paths (in the menu's order), or all but them. */
export function filterPlaces(
  places: readonly NavigationPlace[],
  filterType: NavigationFilterType,
  paths: readonly unknown[],
): NavigationPlace[] {
  const listed = new Set(paths.filter((p): p is string => typeof p === 'string').map(normalizePath));
  if (filterType === 'include') return places.filter((place) => listed.has(place.path));
  if (filterType === 'exclude') return places.filter((place) => !listed.has(place.path));
  return [...places];
}

/** Columns of the card grid: cards about 120 px wide, at least one. */
export function gridColumns(width: number, cardWidth = 120): number {
  return Math.max(1, Math.floor(width / cardWidth));
}
