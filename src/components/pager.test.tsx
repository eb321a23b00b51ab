import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { Pager } from './pager';

describe('Pager', () => {
  it('says which entries are shown and links first, previous, the page window, next and last', () => {
    renderWithProviders(
      <Pager
        pagination={{ pageNumber: 4, pageSize: 15, totalRecords: 200 }}
        hrefFor={(page) => `?page=${page}`}
      />,
    );
    expect(screen.getByText('Hiển thị 46 đến 60 trong 200 mục')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Phân trang' });
    const href = (name: string) => within(nav).getByRole('link', { name }).getAttribute('href');
    expect(href('Trang đầu')).toBe('/?page=1');
    expect(href('Trang trước')).toBe('/?page=3');
    expect(href('Trang sau')).toBe('/?page=5');
    expect(href('Trang cuối')).toBe('/?page=14');
    expect(within(nav).getByRole('link', { name: 'Trang 4' }).getAttribute('aria-current')).toBe('page');
    expect(
      within(nav)
        .getAllByRole('link', { name: /^Trang \d+$/ })
        .map((a) => a.textContent),
    ).toEqual(['2', '3', '4', '5', '6']);
  });

  it('disables first and previous on the first page and hides the links for a single page', () => {
    const { unmount } = renderWithProviders(
      <Pager
        pagination={{ pageNumber: 1, pageSize: 15, totalRecords: 40 }}
        hrefFor={(page) => `?page=${page}`}
      />,
    );
    expect(screen.queryByRole('link', { name: 'Trang đầu' })).toBeNull();
    expect(screen.getByText('Trang đầu').closest('[aria-disabled="true"]')).toBeTruthy();
    unmount();
    renderWithProviders(
      <Pager pagination={{ pageNumber: 1, pageSize: 15, totalRecords: 3 }} hrefFor={() => '?'} />,
    );
    expect(screen.getByText('Hiển thị 1 đến 3 trong 3 mục')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
