import { describe, expect, it } from 'vitest';
import { parseSortOrder, toPageData } from './page.ts';

describe('toPageData', () => {
  it('computes pages and hasNext like ThingsBoard', () => {
    expect(toPageData([1, 2], 5, { page: 0, pageSize: 2 })).toEqual({
      data: [1, 2],
      totalPages: 3,
      totalElements: 5,
      hasNext: true,
    });
    expect(toPageData([5], 5, { page: 2, pageSize: 2 })).toMatchObject({ totalPages: 3, hasNext: false });
    expect(toPageData([], 0, { page: 0, pageSize: 10 })).toMatchObject({ totalPages: 0, hasNext: false });
  });
});

describe('parseSortOrder', () => {
  it('accepts ASC/DESC in any case and defaults to ASC', () => {
    expect(parseSortOrder('desc')).toBe('DESC');
    expect(parseSortOrder('Asc')).toBe('ASC');
    expect(parseSortOrder(undefined)).toBe('ASC');
  });
  it("rejects anything else with ThingsBoard's message", () => {
    expect(parseSortOrder('up')).toEqual({
      error: "Unsupported sort order 'up'! Only 'ASC' or 'DESC' types are allowed.",
    });
  });
});
