import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { fakeApi } from '../../test/fake-api';
import { ReminderDialog } from './components/reminder-dialog';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

const reminder = {
  notificationId: 7,
  typeNotify: 'AppointmentReminder',
  title: 'Nhắc lịch hẹn AP-1',
  body: 'Nhắc bạn lịch hẹn AP-1 với Nguyễn Văn An lúc 09:00 ngày 01/07/2026.',
  keysandvalues: '{"TypeNotify":"AppointmentReminder","AppointmentId":1}',
  appointmentId: 1,
  isRead: false,
  readAt: null,
  createdAt: '2026-06-30T02:00:00.000Z',
};
const page = (notifications: unknown[]) => ({
  data: {
    notifications,
    pagination: { pageNumber: 1, pageSize: 15, totalRecords: notifications.length },
    unreadCount: notifications.length,
  },
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

/** The push service worker's side of the page: messages it posts (public/firebase-messaging-sw.js). */
function stubServiceWorker() {
  const worker = new EventTarget();
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: worker });
  return (data: unknown) => act(() => void worker.dispatchEvent(new MessageEvent('message', { data })));
}

describe('ReminderDialog', () => {
  it('shows an unread AppointmentReminder; "Đến cuộc hẹn" marks it read and opens the appointments list', async () => {
    let read = false;
    const server = fakeApi({
      'Notifications/GetAllNotifications': () => page(read ? [] : [reminder]),
      'Notifications/ViewNotification': () => {
        read = true;
        return { data: { ...reminder, isRead: true } };
      },
    });
    renderWithProviders(
      <>
        <ReminderDialog />
        <Where />
      </>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Nhắc lịch hẹn' });
    expect(dialog.textContent).toContain('Nguyễn Văn An');
    expect(server.sent[0]!.search.get('unreadOnly')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Đến cuộc hẹn' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/me/appointments-list/'));
    expect(
      server.sent.some(
        (s) => s.path === 'Notifications/ViewNotification' && s.search.get('notificationId') === '7',
      ),
    ).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows nothing for other notifications', async () => {
    const server = fakeApi({
      'Notifications/GetAllNotifications': page([{ ...reminder, typeNotify: 'WaitlistSlotFree' }]),
    });
    renderWithProviders(<ReminderDialog />);
    await waitFor(() => expect(server.sent.length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a reminder push opens the dialog at once with its texts, before the list has it; "Đến cuộc hẹn" marks it read', async () => {
    const post = stubServiceWorker();
    const server = fakeApi({
      'Notifications/GetAllNotifications': page([]),
      'Notifications/ViewNotification': { data: { ...reminder, isRead: true } },
    });
    renderWithProviders(
      <>
        <ReminderDialog />
        <Where />
      </>,
    );
    await waitFor(() => expect(server.sent.length).toBeGreaterThan(0));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Another app's message, or another push type, opens nothing.
    await post({ source: 'other', kind: 'received', push: { type: 'AppointmentReminder' } });
    await post({
      source: 'sk-push',
      kind: 'received',
      push: {
        title: 'Thanh toán',
        body: '',
        url: '/me/wallet',
        tag: 'p',
        type: 'PaymentReceived',
        notificationId: 3,
      },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    await post({
      source: 'sk-push',
      kind: 'received',
      push: {
        title: reminder.title,
        body: reminder.body,
        url: '/me/appointments-list/',
        tag: 'reminder-7',
        type: 'AppointmentReminder',
        notificationId: 7,
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Nhắc lịch hẹn' });
    expect(dialog.textContent).toContain('Nguyễn Văn An');
    await userEvent.click(screen.getByRole('button', { name: 'Đến cuộc hẹn' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/me/appointments-list/'));
    expect(
      server.sent.some(
        (s) => s.path === 'Notifications/ViewNotification' && s.search.get('notificationId') === '7',
      ),
    ).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a click on another push opens its page in this tab', async () => {
    const post = stubServiceWorker();
    fakeApi({ 'Notifications/GetAllNotifications': page([]) });
    renderWithProviders(
      <>
        <ReminderDialog />
        <Where />
      </>,
    );
    await post({
      source: 'sk-push',
      kind: 'clicked',
      push: {
        title: 'Đã đặt lịch',
        body: '',
        url: '/me/appointments-list/',
        tag: 'b',
        type: 'BookingConfirmed',
        notificationId: null,
      },
    });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/me/appointments-list/'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
