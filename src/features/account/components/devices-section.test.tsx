import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LoginDevice } from '../../../../schemas/accounts';
import { saveUser } from '../../../lib/user-storage';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { DevicesSection } from './devices-section';

const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const device = (overrides: Partial<LoginDevice>): LoginDevice => ({
  id: 1,
  deviceType: 0,
  userAgent: WINDOWS_CHROME,
  ip: '203.0.113.7',
  trusted: true,
  current: true,
  createdAt: '2026-11-20T03:00:00.000Z',
  lastUsedAt: '2026-11-20T03:00:00.000Z',
  ...overrides,
});

beforeEach(() => {
  saveUser({ userId: 7, token: 'secret-token' });
  fakeApi({
    'Users/GetLoginDevices': {
      data: [device({}), device({ id: 2, deviceType: 1, userAgent: '', current: false, ip: '' })],
    },
  });
});

describe('login devices', () => {
  it('names each device by browser and system, never by its raw user agent', async () => {
    renderWithProviders(<DevicesSection />);
    expect(await screen.findByText(/^Chrome 140 · Windows 10/)).toBeTruthy();
    expect(screen.getByText(/Địa chỉ IP 203\.0\.113\.7/)).toBeTruthy();
    // An app sign-in without a user agent: its kind.
    expect(screen.getByText(/^Android/)).toBeTruthy();
    expect(document.body.textContent).not.toContain('Mozilla/5.0');
  });
});
