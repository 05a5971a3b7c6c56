import { describe, expect, it } from 'vitest';
import { pageOffset, parsePage, searchPagination } from '../../src/lib/pagination.ts';

describe('search pagination', () => {
  it('derives pages from total, offset and limit (12 per page by default)', () => {
    expect(searchPagination({ total: 30, offset: 12 })).toEqual({
      currentPage: 2,
      totalPages: 3,
      pageSize: 12,
      total: 30,
      hasNext: true,
      hasPrev: true,
    });
    expect(searchPagination({ total: 30, offset: 24, limit: 12 })).toMatchObject({
      currentPage: 3,
      hasNext: false,
      hasPrev: true,
    });
    expect(searchPagination({ total: 0, offset: 0 })).toMatchObject({
      currentPage: 1,
      totalPages: 1,
      hasNext: false,
      hasPrev: false,
    });
  });

  it('turns a 1-based page into an offset', () => {
    expect(pageOffset(1)).toBe(0);
    expect(pageOffset(3)).toBe(24);
    expect(pageOffset(2, 20)).toBe(20);
    expect(pageOffset(0)).toBe(0);
  });
});

describe('parsePage', () => {
  it('reads a whole number from 1, up to the bound; anything else is page 1', () => {
    expect(parsePage(null, 10)).toBe(1);
    expect(parsePage('3', 10)).toBe(3);
    expect(parsePage('99', 10)).toBe(10);
    for (const bad of ['0', '-2', '2.5', 'abc', '', '1e400']) expect(parsePage(bad, 10)).toBe(1);
  });
});
