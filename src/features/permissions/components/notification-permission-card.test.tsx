import { act, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadNamespace } from '../../../lib/i18n/namespace';
import { dismissToast, getToasts } from '../../../lib/toast/toast-store';
import { fakeApi } from '../../../test/fake-api';
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

/**
 * The browser's push side at its boundary: a service worker registration whose PushManager hands
 * out one subscription (as Chromium does once its push service answered).
 */
function stubPushManager() {
  const subscription = {
    endpoint: 'https://push.example.net/wpush/card',
    options: { applicationServerKey: null as ArrayBuffer | null },
    toJSON: () => ({
      endpoint: 'https://push.example.net/wpush/card',
      expirationTime: null,
      keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
    }),
    unsubscribe: vi.fn(async () => true),
  };
  const pushManager = {
    getSubscription: vi.fn(async () => null),
    subscribe: vi.fn(async (options: { applicationServerKey: Uint8Array }) => {
      subscription.options.applicationServerKey = options.applicationServerKey.buffer as ArrayBuffer;
      return subscription;
    }),
  };
  const register = vi.fn(async () => ({}));
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register,
      ready: Promise.resolve({ pushManager }),
      addEventListener() {},
      removeEventListener() {},
    },
  });
  return { register, pushManager };
}

const PUBLIC_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

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
  Reflect.deleteProperty(navigator, 'serviceWorker');
  localStorage.clear();
  getToasts().forEach((toast) => dismissToast(toast.id));
});

describe('NotificationPermissionCard', () => {
  it('shows nothing where the browser has no Notification API', async () => {
    expect('Notification' in window).toBe(false);
    await renderCard();
    expect(card()).toBeNull();
  });

  it('says why and asks only on the click; granted: the card goes and a toast confirms', async () => {
    fakeApi({ 'Notifications/GetPushConfig': { data: { provider: 'none' } } });
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
    fakeApi({ 'Notifications/GetPushConfig': { data: { provider: 'none' } } });
    stubNotifications('granted');
    await renderCard();
    expect(card()).toBeNull();
  });

  it('granted: subscribes this browser with the server’s VAPID key and registers it (kept as fcmToken for sign-in)', async () => {
    const api = fakeApi({
      'Notifications/GetPushConfig': { data: { provider: 'webpush', publicKey: PUBLIC_KEY } },
      'POST Notifications/RegisterPushSubscription': { data: null },
    });
    const browser = stubPushManager();
    stubNotifications('default', 'granted');
    await renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Bật thông báo' }));
    await waitFor(() => expect(api.calls('POST', 'Notifications/RegisterPushSubscription')).toHaveLength(1));
    expect(browser.register).toHaveBeenCalledWith('/firebase-messaging-sw.js');
    const options = browser.pushManager.subscribe.mock.calls[0]![0];
    expect(options).toMatchObject({ userVisibleOnly: true });
    expect(Buffer.from(options.applicationServerKey).toString('base64url')).toBe(PUBLIC_KEY);
    const token = (api.calls('POST', 'Notifications/RegisterPushSubscription')[0]!.body as { token: string })
      .token;
    expect(JSON.parse(token)).toMatchObject({ endpoint: 'https://push.example.net/wpush/card' });
    expect(localStorage.getItem('fcmToken')).toBe(token);
  });

  it('allowed before: quietly makes sure this account has the subscription, asking nothing', async () => {
    const api = fakeApi({
      'Notifications/GetPushConfig': { data: { provider: 'webpush', publicKey: PUBLIC_KEY } },
      'POST Notifications/RegisterPushSubscription': { data: null },
    });
    stubPushManager();
    const permission = stubNotifications('granted');
    await renderCard();
    await waitFor(() => expect(api.calls('POST', 'Notifications/RegisterPushSubscription')).toHaveLength(1));
    expect(permission.requestPermission).not.toHaveBeenCalled();
    expect(card()).toBeNull();
  });

  it('a tenant without push: allowed notifications subscribe nothing', async () => {
    const api = fakeApi({ 'Notifications/GetPushConfig': { data: { provider: 'none' } } });
    const browser = stubPushManager();
    stubNotifications('granted');
    await renderCard();
    await waitFor(() => expect(api.calls('GET', 'Notifications/GetPushConfig')).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(browser.register).not.toHaveBeenCalled();
    expect(api.calls('POST', 'Notifications/RegisterPushSubscription')).toHaveLength(0);
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
