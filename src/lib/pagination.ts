/**
 * Search pagination (currentPage, totalPages, pageSize, total, hasNext, hasPrev) derived
 * from a list answer's `{ total, offset, limit }`, and the offset of a 1-based page.
 */
import { SEARCH_PAGE_SIZE } from '../contracts/limits.ts';

export type SearchPagination = {
  currentPage: number;
  totalPages: number;
  pageSize: number;
  total: number;
  hasNext: boolean;
  hasPrev: boolean;
};

/** A `?page=` value: a whole number from 1 (else 1), at most `max`. */
export function parsePage(raw: string | null, max: number): number {
  const page = Number(raw ?? '1');
  return Number.isSafeInteger(page) && page >= 1 ? Math.min(page, max) : 1;
}

/** The offset of 1-based `page` (pages below 1 count as 1). */
export const pageOffset = (page: number, pageSize = SEARCH_PAGE_SIZE): number =>
  (Math.max(1, Math.floor(page)) - 1) * pageSize;

/** Pagination of a list answer; an empty result has one (empty) page. */
export function searchPagination({
  total,
  offset,
  limit = SEARCH_PAGE_SIZE,
}: {
  total: number;
  offset: number;
  limit?: number;
}): SearchPagination {
  const pageSize = limit > 0 ? limit : SEARCH_PAGE_SIZE;
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const currentPage = Math.floor(offset / pageSize) + 1;
  return {
    currentPage,
    totalPages,
    pageSize,
    total,
    hasNext: currentPage < totalPages,
    hasPrev: currentPage > 1,
  };
}
