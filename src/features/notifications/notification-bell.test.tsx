import { act, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveUser, clearUser } from '../../lib/user-storage';
import { renderWithProviders } from '../../test/render';
import { fakeApi, type FakeRoute } from '../../test/fake-api';
import { NotificationBell } from './components/notification-bell';
import { ReminderDialog } from './components/reminder-dialog';

/**
 * The header's unread count and the reminder dialog, live from GET /Notifications/Stream. The API
 * is faked at the network (the real store, endpoints, stream reader and parser run): each stream
 * opened is a ReadableStream this test writes Server-Sent Events into.
 */
interface FakeStream {
  headers: Headers;
  send(text: string): void;
  end(): void;
}

function withStream(routes: Record<string, FakeRoute>) {
  const streams: FakeStream[] = [];
  const encoder = new TextEncoder();
  const server = fakeApi({
    ...routes,
    'Notifications/Stream': (sent) => {
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
      streams.push({
        headers: sent.headers,
        send: (text) => controller.enqueue(encoder.encode(text)),
        end: () => controller.close(),
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    },
  });
  return { streams, server };
}

const reminder = {
  notificationId: 41,
  typeNotify: 'AppointmentReminder',
  title: 'Nhắc lịch hẹn AP-9',
  body: 'Lịch hẹn lúc 09:00 ngày 01/07/2026.',
  keysandvalues: '{"TypeNotify":"AppointmentReminder","AppointmentId":9}',
  appointmentId: 9,
  isRead: false,
  readAt: null,
  createdAt: '2026-06-30T02:00:00.000Z',
};
const page = (notifications: unknown[], unreadCount = notifications.length) => ({
  data: {
    notifications,
    pagination: { pageNumber: 1, pageSize: 15, totalRecords: notifications.length },
    unreadCount,
  },
});

beforeEach(() => saveUser({ userId: 1, token: 'token-1', fullName: 'An' }));
afterEach(() => clearUser());

const bell = () => screen.getByRole('link', { name: /^Thông báo/ });

describe('NotificationBell', () => {
  it('shows the unread count, opens the stream with the bearer token, and follows it without polling', async () => {
    let unread: unknown[] = [];
    const { streams, server } = withStream({
      'Notifications/GetAllNotifications': () => page(unread),
    });
    const { container } = renderWithProviders(
      <>
        <NotificationBell />
        <ReminderDialog />
      </>,
    );
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(streams[0]!.headers.get('Authorization')).toBe('Bearer token-1');
    expect(streams[0]!.headers.get('Accept')).toBe('text/event-stream');
    act(() => streams[0]!.send('retry: 2000\n\nevent: ready\ndata: {"unreadCount":0}\n\n'));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Thông báo (0 chưa đọc)'));
    expect(bell().getAttribute('href')).toBe('/me/notification-list/');
    const lists = () => server.calls('GET', 'Notifications/GetAllNotifications').length;
    const before = lists();

    // A reminder is written on the server: the count changes at once and the dialog opens.
    unread = [reminder];
    act(() => {
      streams[0]!.send(`id: 41\nevent: notification\ndata: ${JSON.stringify(reminder)}\n\n`);
      streams[0]!.send('event: unread\ndata: {"unreadCount":1}\n\n');
    });
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Thông báo (1 chưa đọc)'));
    expect(bell().textContent).toBe('1');
    expect(await screen.findByRole('dialog', { name: 'Nhắc lịch hẹn' })).toBeTruthy();
    expect(lists()).toBe(before + 1);
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    // No timer refetches the list: nothing but the stream causes a request.
    await new Promise((r) => setTimeout(r, 300));
    expect(lists()).toBe(before + 1);
  });

  it('reconnects after the stream ends, resuming after the last event, and refreshes once', async () => {
    const { streams, server } = withStream({
      'Notifications/GetAllNotifications': () => page([], 3),
    });
    renderWithProviders(<NotificationBell />);
    await waitFor(() => expect(streams).toHaveLength(1));
    act(() => {
      streams[0]!.send('event: ready\ndata: {"unreadCount":3}\n\n');
      streams[0]!.send(`id: 41\nevent: notification\ndata: ${JSON.stringify(reminder)}\n\n`);
    });
    await waitFor(() => expect(bell().textContent).toBe('3'));
    const lists = () => server.calls('GET', 'Notifications/GetAllNotifications').length;
    const before = lists();
    // The server drains (or the token expired): the stream ends.
    act(() => streams[0]!.end());
    await waitFor(() => expect(streams).toHaveLength(2), { timeout: 3000 });
    expect(streams[1]!.headers.get('Last-Event-ID')).toBe('41');
    act(() => streams[1]!.send('event: ready\ndata: {"unreadCount":3}\n\n'));
    // The session was renewed before reconnecting, and the lists refetch once events may be missed.
    await waitFor(() => expect(lists()).toBeGreaterThanOrEqual(before + 2));
  });

  it('does not show a badge without unread notifications', async () => {
    const { streams } = withStream({ 'Notifications/GetAllNotifications': () => page([]) });
    renderWithProviders(<NotificationBell />);
    await waitFor(() => expect(streams).toHaveLength(1));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Thông báo (0 chưa đọc)'));
    expect(bell().textContent).toBe('');
  });
});
