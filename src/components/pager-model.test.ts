import { describe, expect, it } from 'vitest';
import { pagerModel } from './pager-model';

describe('pagerModel', () => {
  it('counts the entries shown', () => {
    expect(pagerModel({ pageNumber: 2, pageSize: 15, totalRecords: 40 })).toMatchObject({
      from: 16,
      to: 30,
      total: 40,
      pageCount: 3,
      pages: [1, 2, 3],
    });
    expect(pagerModel({ pageNumber: 3, pageSize: 15, totalRecords: 40 })).toMatchObject({ from: 31, to: 40 });
  });

  it('centres a window of five pages, keeping its width at the ends', () => {
    expect(pagerModel({ pageNumber: 6, pageSize: 10, totalRecords: 200 }).pages).toEqual([4, 5, 6, 7, 8]);
    expect(pagerModel({ pageNumber: 1, pageSize: 10, totalRecords: 200 }).pages).toEqual([1, 2, 3, 4, 5]);
    expect(pagerModel({ pageNumber: 20, pageSize: 10, totalRecords: 200 }).pages).toEqual([
      16, 17, 18, 19, 20,
    ]);
  });

  it('handles no entries and out-of-range pages', () => {
    expect(pagerModel({ pageNumber: 1, pageSize: 15, totalRecords: 0 })).toMatchObject({
      from: 0,
      to: 0,
      pageCount: 1,
      pages: [1],
    });
    expect(pagerModel({ pageNumber: 99, pageSize: 15, totalRecords: 20 })).toMatchObject({
      current: 2,
      from: 16,
      to: 20,
    });
  });
});
