import { describe, expect, it } from 'vitest';
import { DATE_FILTERS } from '../../../schemas/codes';
import { listParams } from './api';
import { listArgsOf, searchOf } from './list-params';

const args = (query: string) => listArgsOf(new URLSearchParams(query));

describe('appointment list query', () => {
  it('defaults to Upcoming (type 2), all dates, page 1, 15 a page', () => {
    expect(args('')).toEqual({ type: 2, duration: 'all', pageNumber: 1 });
    expect(listParams(args(''))).toEqual({ type: 2, duration: 'all', PageNumber: 1, PageSize: 15 });
  });

  it('maps the Past tab to type 1 and keeps every spec date filter', () => {
    expect(args('tab=past').type).toBe(1);
    for (const filter of DATE_FILTERS) {
      expect(listParams(args(`tab=past&duration=${filter}&page=3`))).toEqual({
        type: 1,
        duration: filter,
        PageNumber: 3,
        PageSize: 15,
      });
    }
  });

  it('falls back on unknown values instead of sending them', () => {
    expect(args('tab=nope&duration=yesterday&page=-2')).toEqual({ type: 2, duration: 'all', pageNumber: 1 });
    expect(args('page=abc').pageNumber).toBe(1);
  });

  it('writes the state back to the URL, leaving defaults out', () => {
    expect(searchOf({ type: 2, duration: 'all', pageNumber: 1 })).toBe('');
    expect(searchOf({ type: 1, duration: 'last_month', pageNumber: 2 })).toBe(
      '?tab=past&duration=last_month&page=2',
    );
    const state = { type: 1 as const, duration: 'this_week' as const, pageNumber: 4 };
    expect(listArgsOf(new URLSearchParams(searchOf(state)))).toEqual(state);
  });
});
