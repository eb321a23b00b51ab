import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { AppointmentTime } from './components/appointment-time';
import { zonedParts, zoneDiffers } from './time-zone';

// 02:00 UTC = 09:00 in Ho Chi Minh City (GMT+7) = 03:00 in Paris (CET) on 1 December.
const START = '2026-12-01T02:00:00.000Z';
const END = '2026-12-01T02:30:00.000Z';

describe('hospital time zone', () => {
  it('reads the instant on the hospital clock', () => {
    expect(zonedParts(START, 'Asia/Ho_Chi_Minh')).toEqual({
      date: '01/12/2026',
      time: '09:00',
      offset: 'GMT+7',
    });
    expect(zonedParts(START, 'Europe/Paris')?.time).toBe('03:00');
    expect(zonedParts('not a date', 'Asia/Ho_Chi_Minh')).toBeNull();
  });

  it('needs a label only when the visitor would read another time', () => {
    expect(zoneDiffers(START, 'Asia/Ho_Chi_Minh', 'Asia/Ho_Chi_Minh')).toBe(false);
    // Another name, same clock: no label.
    expect(zoneDiffers(START, 'Asia/Ho_Chi_Minh', 'Asia/Bangkok')).toBe(false);
    expect(zoneDiffers(START, 'Asia/Ho_Chi_Minh', 'Europe/Paris')).toBe(true);
  });

  it("shows the hospital's time, labelled with its zone and the visitor's time when they differ", () => {
    renderWithProviders(
      <AppointmentTime
        startsAt={START}
        endsAt={END}
        timeZone="Asia/Ho_Chi_Minh"
        visitorZone="Europe/Paris"
      />,
    );
    expect(screen.getByText('01/12/2026 09:00–09:30')).toBeTruthy();
    expect(screen.getByText(/Giờ của bệnh viện \(GMT\+7, Asia\/Ho_Chi_Minh\)/).textContent).toContain(
      'giờ của bạn: 01/12/2026 03:00',
    );
  });

  it('shows no label for a visitor in the same zone', () => {
    renderWithProviders(
      <AppointmentTime
        startsAt={START}
        endsAt={END}
        timeZone="Asia/Ho_Chi_Minh"
        visitorZone="Asia/Ho_Chi_Minh"
      />,
    );
    expect(screen.getByText('01/12/2026 09:00–09:30')).toBeTruthy();
    expect(screen.queryByText(/Giờ của bệnh viện/)).toBeNull();
  });

  it("uses the tenant's booking zone when the appointment names none", () => {
    renderWithProviders(<AppointmentTime startsAt={START} timeZone="" visitorZone="Europe/Paris" />);
    expect(screen.getByText('01/12/2026 09:00')).toBeTruthy();
  });
});
