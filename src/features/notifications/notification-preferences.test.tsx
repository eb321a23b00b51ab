import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
} from '../../../schemas/notifications';
import { dismissToast, getToasts } from '../../lib/toast/toast-store';
import { saveUser } from '../../lib/user-storage';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { NotificationPreferencesSection } from './index';

/**
 * Message preferences on /me/profile-settings/, against the contract of schemas/notifications.ts
 * (GetNotificationPreferences / UpdateNotificationPreferences) faked at the fetch boundary.
 */
const saved: NotificationPreferences = { ...DEFAULT_NOTIFICATION_PREFERENCES, timeZone: 'Asia/Ho_Chi_Minh' };

beforeEach(() => saveUser({ userId: 7, token: 'secret-token' }));
afterEach(() => {
  for (const toast of getToasts()) dismissToast(toast.id);
  vi.unstubAllGlobals();
});

const group = (name: string) => screen.getByRole('group', { name });

describe('message preferences', () => {
  it('shows each channel’s switches and the quiet hours in the hospital’s time zone, and saves with the keyboard', async () => {
    let stored = saved;
    const api = fakeApi({
      'Notifications/GetNotificationPreferences': () => ({ data: stored }),
      'POST Notifications/UpdateNotificationPreferences': (sent) => {
        stored = { ...(sent.body as NotificationPreferences), timeZone: 'Asia/Ho_Chi_Minh' };
        return { data: stored };
      },
    });
    const { container } = renderWithProviders(<NotificationPreferencesSection />);
    expect(await screen.findByRole('region', { name: 'Nhận thông báo' })).toBeTruthy();
    const email = await waitFor(() => group('Email'));
    // Defaults: service messages and reminders on, offers off.
    expect(within(email).getByRole('switch', { name: 'Lịch hẹn và thanh toán' })).toHaveProperty(
      'checked',
      true,
    );
    expect(within(email).getByRole('switch', { name: 'Nhắc lịch hẹn' })).toHaveProperty('checked', true);
    expect(within(email).getByRole('switch', { name: 'Ưu đãi và khuyến mãi' })).toHaveProperty(
      'checked',
      false,
    );
    expect(within(group('Tin nhắn SMS')).getAllByRole('switch')).toHaveLength(3);
    expect(within(group('Thông báo trên trình duyệt')).getAllByRole('switch')).toHaveLength(3);
    const quiet = group('Giờ yên lặng');
    expect(quiet.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(quiet.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Tính theo giờ Việt Nam (GMT+7), giờ của bệnh viện.',
    );
    expect(within(quiet).getByLabelText('Từ')).toHaveProperty('disabled', true);
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    // Keyboard only: Space toggles a focused switch, the time fields take typing, Enter saves.
    const user = userEvent.setup();
    within(group('Tin nhắn SMS')).getByRole('switch', { name: 'Nhắc lịch hẹn' }).focus();
    await user.keyboard(' ');
    within(quiet).getByRole('switch').focus();
    await user.keyboard(' ');
    const from = within(quiet).getByLabelText('Từ');
    expect(from).toHaveProperty('disabled', false);
    await user.clear(from);
    await user.type(from, '21:30');
    screen.getByRole('button', { name: 'Lưu cài đặt thông báo' }).focus();
    await user.keyboard('{Enter}');

    await waitFor(() =>
      expect(api.calls('POST', 'Notifications/UpdateNotificationPreferences')).toHaveLength(1),
    );
    expect(api.calls('POST', 'Notifications/UpdateNotificationPreferences')[0]!.body).toEqual({
      channels: { ...saved.channels, sms: { service: true, reminder: false, marketing: false } },
      quietHours: { enabled: true, start: '21:30', end: '07:00' },
    });
    await waitFor(() => expect(getToasts().map((t) => t.message)).toContain('Đã lưu cài đặt thông báo.'));
    // The saved answer is shown again (the query refetches after the change).
    await waitFor(() =>
      expect(within(group('Tin nhắn SMS')).getByRole('switch', { name: 'Nhắc lịch hẹn' })).toHaveProperty(
        'checked',
        false,
      ),
    );
  });

  it('says why the server refused, in the user’s language', async () => {
    fakeApi({
      'Notifications/GetNotificationPreferences': { data: saved },
      'POST Notifications/UpdateNotificationPreferences': { status: 400, code: 'invalid_quiet_hours' },
    });
    renderWithProviders(<NotificationPreferencesSection />);
    await waitFor(() => group('Email'));
    await userEvent.click(screen.getByRole('button', { name: 'Lưu cài đặt thông báo' }));
    await waitFor(() =>
      expect(getToasts().map((t) => t.message)).toContain('Giờ yên lặng không hợp lệ (định dạng HH:mm).'),
    );
  });

  it('offers a retry when the preferences cannot be loaded', async () => {
    fakeApi({ 'Notifications/GetNotificationPreferences': { status: 500, code: 'something_went_wrong' } });
    renderWithProviders(<NotificationPreferencesSection />);
    expect(await screen.findByRole('button', { name: /Thử lại/ })).toBeTruthy();
  });
});
