import { describe, expect, it } from 'vitest';
import { foldText, listHref, listQueryOf, pageOfMatches } from './list-query';

describe('listing search and pages', () => {
  it('matches without accents or case', () => {
    expect(foldText('Tim mạch Đà')).toBe('tim mach da');
    const names = ['Tim mạch', 'Da liễu', 'Đau đầu', 'Nhi khoa'];
    expect(pageOfMatches(names, (n) => n, 'TIM MACH', 1).items).toEqual(['Tim mạch']);
    expect(pageOfMatches(names, (n) => n, 'dau', 1).items).toEqual(['Đau đầu']);
  });

  it('pages by 15 with the total of the matches', () => {
    const many = Array.from({ length: 40 }, (_, i) => `Item ${i + 1}`);
    const third = pageOfMatches(many, (n) => n, '', 3);
    expect(third.items).toEqual(many.slice(30));
    expect(third.pagination).toEqual({ pageNumber: 3, pageSize: 15, totalRecords: 40 });
  });

  it('reads and writes the URL', () => {
    expect(listQueryOf(new URLSearchParams('q=%20tim%20&page=2'))).toEqual({ text: 'tim', page: 2 });
    expect(listQueryOf(new URLSearchParams('page=-1'))).toEqual({ text: '', page: 1 });
    expect(listHref('tim mach', 1)).toBe('?q=tim+mach');
    expect(listHref('', 3)).toBe('?page=3');
  });
});
