export interface PageData<T> {
  data: T[];
  totalPages: number;
  totalElements: number;
  hasNext: boolean;
}

export type SortOrder = 'ASC' | 'DESC';

export interface PageLink {
  pageSize: number;
  page: number;
  textSearch?: string;
  sortProperty?: string;
  sortOrder: SortOrder;
}

export function toPageData<T>(
  data: T[],
  totalElements: number,
  link: Pick<PageLink, 'page' | 'pageSize'>,
): PageData<T> {
  const totalPages = link.pageSize > 0 ? Math.ceil(totalElements / link.pageSize) : 1;
  return { data, totalPages, totalElements, hasNext: (link.page + 1) * link.pageSize < totalElements };
}

/** 'asc'/'DESC' in any case; anything else is ThingsBoard's 400 message. */
export function parseSortOrder(value: string | undefined): SortOrder | { error: string } {
  if (value === undefined || value === '') return 'ASC';
  const upper = value.toUpperCase();
  if (upper === 'ASC' || upper === 'DESC') return upper;
  return { error: `Unsupported sort order '${value}'! Only 'ASC' or 'DESC' types are allowed.` };
}
