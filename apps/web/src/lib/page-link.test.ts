import { describe, expect, it } from 'vitest';
import { pageLinkQuery, withPageLink } from './page-link';

describe('page link query', () => {
  it('writes paging, trimmed search and sort the way ThingsBoard reads them', () => {
    expect(
      pageLinkQuery({ pageSize: 10, page: 2, textSearch: '  cust ', sortProperty: 'title', sortOrder: 'ASC' }),
    ).toBe('pageSize=10&page=2&textSearch=cust&sortProperty=title&sortOrder=ASC');
  });

  it('leaves out an empty search and a missing sort property', () => {
    expect(pageLinkQuery({ pageSize: 20, page: 0, textSearch: ' ', sortOrder: 'DESC' })).toBe('pageSize=20&page=0');
  });

  it('encodes search text and joins an existing query string', () => {
    expect(withPageLink('/api/user?x=1', { pageSize: 1, page: 0, textSearch: 'a&b', sortOrder: 'ASC' })).toBe(
      '/api/user?x=1&pageSize=1&page=0&textSearch=a%26b',
    );
  });
});
