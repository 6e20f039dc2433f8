import type { PageLink } from '@sapo/common';

export type { PageData, PageLink, SortOrder } from '@sapo/common';

/** Page sizes offered by tables. */
export const PAGE_SIZES = [10, 20, 30] as const;

/** ThingsBoard's query string for a page link: pageSize, page, textSearch, sortProperty, sortOrder. */
export function pageLinkQuery(link: PageLink): string {
  const params = new URLSearchParams({ pageSize: String(link.pageSize), page: String(link.page) });
  const search = link.textSearch?.trim();
  if (search) params.set('textSearch', search);
  if (link.sortProperty) {
    params.set('sortProperty', link.sortProperty);
    params.set('sortOrder', link.sortOrder);
  }
  return params.toString();
}

/** Appends a page link to a path that may already carry a query string. */
export function withPageLink(path: string, link: PageLink): string {
  return `${path}${path.includes('?') ? '&' : '?'}${pageLinkQuery(link)}`;
}
