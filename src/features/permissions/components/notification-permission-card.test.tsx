import { act, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadNamespace } from '../../../lib/i18n/namespace';
import { dismissToast, getToasts } from '../../../lib/toast/toast-store';
import { renderWithProviders } from '../../../test/render';
import { permissionsNs } from '../i18n/namespace';
import { NOTIFICATION_PROMPT_DISMISSED_KEY } from '../notification-permission';
import { NotificationPermissionCard } from './notification-permission-card';

configure({ asyncUtilTimeout: 5000 });

const CARD = 'Nhắc lịch hẹn trên thiết bị này';
const card = () => screen.queryByRole('region', { name: CARD });

/**
 * The browser's Notification API at its boundary: a permission and what the prompt answers.
 * Like a browser, a request in 'default' changes the permission to the answer.
 */
function stubNotifications(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const fake = {
    permission,
    requestPermission: vi.fn(async () => {
      if (fake.permission === 'default') fake.permission = answer;
      return fake.permission;
    }),
  };
  vi.stubGlobal('Notification', fake);
  return fake;
}

/** Renders the card with a marker after it, so "nothing shown" is asserted on a rendered tree. */
async function renderCard() {
  const view = renderWithProviders(
    <main tabIndex={-1}>
      <NotificationPermissionCard />
      <p>rendered</p>
    </main>,
  );
  await screen.findByText('rendered');
  return view;
}

beforeAll(async () => {
  // The messages are there at first render, as after the page's first visit: absence is real.
  await loadNamespace(permissionsNs, 'vi');
});

afterEach(() => {
  vi.unstubAllGlobals();
  getToasts().forEach((toast) => dismissToast(toast.id));
});

describe('NotificationPermissionCard', () => {
  it('shows nothing where the browser has no Notification API', async () => {
    expect('Notification' in window).toBe(false);
    await renderCard();
    expect(card()).toBeNull();
  });

  it('says why and asks only on the click; granted: the card goes and a toast confirms', async () => {
    const api = stubNotifications('default', 'granted');
    await renderCard();
    const region = await screen.findByRole('region', { name: CARD });
    expect(region.textContent).toContain('nhắc bạn trước giờ hẹn');
    expect(api.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Bật thông báo' }));
    await waitFor(() => expect(card()).toBeNull());
    expect(api.requestPermission).toHaveBeenCalledTimes(1);
    expect(getToasts().map((toast) => toast.message)).toContain(
      'Đã bật thông báo. Chúng tôi sẽ nhắc bạn trước giờ hẹn.',
    );
    expect(document.activeElement?.tagName).toBe('MAIN');
  });

  it('denied on the click: the help dialog opens with the steps, and the card then says it is blocked', async () => {
    stubNotifications('default', 'denied');
    await renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Bật thông báo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cho phép thông báo' });
    expect(dialog.textContent).toContain('Thông báo → Cho phép');
    expect(dialog.textContent).toContain('kiểm tra hệ điều hành');

    await userEvent.click(screen.getByRole('button', { name: 'Đã hiểu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(card()!.textContent).toContain('Trình duyệt đang chặn thông báo');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cách bật thông báo' }));
  });

  it('already denied: no prompt is asked again, the button opens the help dialog', async () => {
    const api = stubNotifications('denied');
    await renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Cách bật thông báo' }));
    await screen.findByRole('dialog', { name: 'Cho phép thông báo' });
    expect(api.requestPermission).not.toHaveBeenCalled();
  });

  it('a prompt closed without an answer keeps the card and opens no dialog', async () => {
    const api = stubNotifications('default', 'default');
    await renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Bật thông báo' }));
    await waitFor(() => expect(api.requestPermission).toHaveBeenCalledTimes(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(card()).not.toBeNull();
  });

  it('hidden once granted', async () => {
    stubNotifications('granted');
    await renderCard();
    expect(card()).toBeNull();
  });

  it('"Để sau" hides it on this device: it stays hidden on the next booking', async () => {
    const api = stubNotifications('default');
    const first = await renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Để sau' }));
    expect(card()).toBeNull();
    expect(localStorage.getItem(NOTIFICATION_PROMPT_DISMISSED_KEY)).toBe('1');
    first.unmount();

    await renderCard();
    expect(card()).toBeNull();
    expect(api.requestPermission).not.toHaveBeenCalled();
  });
});
