import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadNamespace } from '../../../lib/i18n/namespace';
import { renderWithProviders } from '../../../test/render';
import { permissionsNs } from '../i18n/namespace';
import { PermissionHelp } from './permission-help';
import { PermissionHelpDialog } from './permission-help-dialog';

configure({ asyncUtilTimeout: 5000 });

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const useAgent = (userAgent: string) =>
  vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(userAgent);

beforeAll(async () => {
  await loadNamespace(permissionsNs, 'vi');
});

afterEach(() => vi.restoreAllMocks());

describe('PermissionHelpDialog', () => {
  it("notifications in Firefox: Firefox's steps first, the other browsers folded below", async () => {
    useAgent(FIREFOX);
    renderWithProviders(<PermissionHelpDialog open permission="notifications" onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Cho phép thông báo' });
    const own = within(dialog).getByRole('heading', { name: 'Trên trình duyệt của bạn (Firefox)' });
    expect(own.nextElementSibling!.textContent).toContain('Gửi thông báo');
    const others = dialog.querySelector('details')!;
    expect(others.open).toBe(false);
    expect(others.querySelector('summary')!.textContent).toBe('Trình duyệt khác');
    const listed = within(others)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(listed).toHaveLength(3);
    expect(listed.join(' ')).not.toContain('Firefox');
    expect(listed[0]).toMatch(/^Chrome, Edge, Cốc Cốc: .*Thông báo → Cho phép/);
  });

  it('an unknown browser gets every browser\'s steps; camera help offers "Thử lại"', async () => {
    useAgent('');
    const onRetry = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(
      <PermissionHelpDialog open permission="camera" onClose={onClose} onRetry={onRetry} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cho phép camera và micro' });
    expect(within(dialog).queryByRole('heading', { level: 3 })).toBeNull();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(4);
    expect(dialog.textContent).toContain('bật Camera và Micro');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Thử lại' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Đã hiểu' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('the shared PermissionHelp loads the dialog only when it opens', async () => {
    const { rerender } = renderWithProviders(
      <PermissionHelp open={false} permission="camera" onClose={() => undefined} />,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(<PermissionHelp open permission="camera" onClose={() => undefined} />);
    await screen.findByRole('dialog', { name: 'Cho phép camera và micro' });
  });
});
