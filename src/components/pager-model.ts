import type { Pagination } from '../../schemas/envelope';

export interface PagerModel {
  current: number;
  pageCount: number;
  /** 1-based index of the first entry shown, 0 when there is none. */
  from: number;
  to: number;
  total: number;
  /** The window of page numbers around the current page. */
  pages: number[];
}

/**
 * The numbers a pager shows (spec section 9: "showing x to y of z entries" and a window of
 * pages around the current one). The window keeps its width near the first and last pages.
 */
export function pagerModel({ pageNumber, pageSize, totalRecords }: Pagination, radius = 2): PagerModel {
  const size = Math.max(1, pageSize);
  const total = Math.max(0, totalRecords);
  const pageCount = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, pageNumber), pageCount);
  const width = Math.min(pageCount, radius * 2 + 1);
  const start = Math.min(Math.max(1, current - radius), pageCount - width + 1);
  const pages = Array.from({ length: width }, (_, i) => start + i);
  const from = total === 0 ? 0 : (current - 1) * size + 1;
  return { current, pageCount, from, to: Math.min(current * size, total), total, pages };
}
