import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { saveUser } from '../../../lib/user-storage';
import { bootBundle } from '../../../test/boot-bundle';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import type { AppNotification } from '../api';
import { Component } from './notification-list-page';

const notification: AppNotification = {
  notificationId: 4,
  typeNotify: 'AppointmentReminder',
  title: 'Nhắc lịch khám',
  body: 'Lịch khám của bạn bắt đầu sau 1 giờ.',
  keysandvalues: '',
  appointmentId: 9,
  isRead: false,
  readAt: null,
  // 24 Nov 00:30 in Vietnam, 23 Nov 17:30 in UTC.
  createdAt: '2026-11-23T17:30:00.000Z',
};

beforeEach(() => {
  saveUser({ userId: 7, token: 'secret-token' });
  fakeApi({
    'Notifications/GetAllNotifications': {
      data: {
        notifications: [notification],
        pagination: { pageNumber: 1, pageSize: 15, totalRecords: 1 },
        unreadCount: 1,
      },
    },
  });
});

describe('notification list page', () => {
  it('lists notifications with the time on the hospital clock, beside the account menu', async () => {
    renderWithProviders(<Component />, { path: '/me/notification-list/' });
    expect(await screen.findByText('Nhắc lịch khám')).toBeTruthy();
    expect(screen.getByText('24/11/2026 00:30').getAttribute('datetime')).toBe(notification.createdAt);
    expect(screen.getByRole('heading', { level: 1, name: 'Thông báo' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: /tài khoản/i })).toBeTruthy();
  });

  it('uses the tenant time zone, not the browser one', async () => {
    const bundle = bootBundle();
    renderWithProviders(<Component />, {
      path: '/me/notification-list/',
      bundle: { ...bundle, booking: { ...bundle.booking, timeZone: 'Asia/Tokyo' } },
    });
    expect(await screen.findByText('24/11/2026 02:30')).toBeTruthy();
  });
});
