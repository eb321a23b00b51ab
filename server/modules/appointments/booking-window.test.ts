import { describe, expect, it } from 'vitest';
import { zonedInstant } from '../../../schemas/time';
import { bookingWindow, dayOpen } from './booking-window';

describe('booking window', () => {
  const booking = {
    timeZone: 'Asia/Ho_Chi_Minh',
    sameDayCutoff: '16:00',
    maxDaysAhead: 30,
  } as Parameters<typeof bookingWindow>[1];

  it('closes today at the cut-off and days beyond maxDaysAhead', () => {
    const morning = bookingWindow(zonedInstant('2030-03-04', 9 * 60, 'Asia/Ho_Chi_Minh'), booking);
    expect(morning).toMatchObject({ today: '2030-03-04', lastDay: '2030-04-03', todayClosed: false });
    expect([
      dayOpen(morning, '2030-03-03'),
      dayOpen(morning, '2030-03-04'),
      dayOpen(morning, '2030-04-03'),
    ]).toEqual([false, true, true]);
    expect(dayOpen(morning, '2030-04-04')).toBe(false);
    const evening = bookingWindow(zonedInstant('2030-03-04', 16 * 60, 'Asia/Ho_Chi_Minh'), booking);
    expect([dayOpen(evening, '2030-03-04'), dayOpen(evening, '2030-03-05')]).toEqual([false, true]);
    const noCutoff = bookingWindow(zonedInstant('2030-03-04', 23 * 60, 'Asia/Ho_Chi_Minh'), {
      ...booking,
      sameDayCutoff: '',
    });
    expect(noCutoff.todayClosed).toBe(false);
  });
});
