import { describe, expect, it } from 'vitest';
import { bookingWindow, dayOpen } from './booking-window';
import {
  addDays,
  localDateOf,
  offsetMinutesAt,
  startOfLocalDay,
  timeSlotOf,
  wallClock,
  zonedInstant,
} from './local-time';

describe('local time in an IANA zone', () => {
  it('reads Vietnam (UTC+7, no DST) days and times', () => {
    const instant = new Date('2030-03-04T17:30:00Z');
    expect(wallClock(instant, 'Asia/Ho_Chi_Minh')).toEqual({ date: '2030-03-05', minutes: 30 });
    expect(startOfLocalDay('2030-03-05', 'Asia/Ho_Chi_Minh').toISOString()).toBe('2030-03-04T17:00:00.000Z');
    expect(offsetMinutesAt(instant, 'Asia/Ho_Chi_Minh')).toBe(420);
  });

  it('follows daylight saving (New York) and half-hour zones (Kolkata)', () => {
    // 2030-03-10 is the US spring-forward day: midnight is still EST (-5), noon is EDT (-4).
    expect(startOfLocalDay('2030-03-10', 'America/New_York').toISOString()).toBe('2030-03-10T05:00:00.000Z');
    expect(zonedInstant('2030-03-10', 12 * 60, 'America/New_York').toISOString()).toBe(
      '2030-03-10T16:00:00.000Z',
    );
    expect(localDateOf(new Date('2030-03-10T03:59:00Z'), 'America/New_York')).toBe('2030-03-09');
    expect(zonedInstant('2030-06-01', 9 * 60, 'Asia/Kolkata').toISOString()).toBe('2030-06-01T03:30:00.000Z');
  });

  it('adds days across months and groups Morning/Afternoon/Evening', () => {
    expect(addDays('2030-02-27', 2)).toBe('2030-03-01');
    expect([timeSlotOf(8 * 60), timeSlotOf(12 * 60), timeSlotOf(17 * 60 + 59), timeSlotOf(18 * 60)]).toEqual([
      0, 1, 1, 2,
    ]);
  });
});

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
