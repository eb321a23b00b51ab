import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  formatLocalDate,
  formatZonedDate,
  formatZonedDateTime,
  gmtLabel,
  isTimeZone,
  localDateOf,
  startOfLocalDay,
  timeSlotOf,
  todayIn,
  weekdayOf,
  zoneClockName,
  zonedInstant,
  zonedParts,
  zoneOffsetMinutes,
} from './time';

describe('the time module', () => {
  it('reads Vietnam (UTC+7, no DST) days and times', () => {
    const instant = new Date('2030-03-04T17:30:00Z');
    expect(zonedParts(instant, 'Asia/Ho_Chi_Minh')).toMatchObject({
      date: '2030-03-05',
      time: '00:30',
      minutes: 30,
    });
    expect(startOfLocalDay('2030-03-05', 'Asia/Ho_Chi_Minh').toISOString()).toBe('2030-03-04T17:00:00.000Z');
    expect(zoneOffsetMinutes('Asia/Ho_Chi_Minh', instant)).toBe(420);
    expect(formatZonedDateTime('2030-03-04T17:30:00Z', 'Asia/Ho_Chi_Minh')).toBe('05/03/2030 00:30');
    expect(formatZonedDate(instant.getTime(), 'Asia/Ho_Chi_Minh')).toBe('05/03/2030');
  });

  it('follows daylight saving (New York) and half-hour zones (Kolkata)', () => {
    // 2030-03-10 is the US spring-forward day: midnight is still EST (-5), noon is EDT (-4).
    expect(startOfLocalDay('2030-03-10', 'America/New_York').toISOString()).toBe('2030-03-10T05:00:00.000Z');
    expect(zonedInstant('2030-03-10', 12 * 60, 'America/New_York').toISOString()).toBe(
      '2030-03-10T16:00:00.000Z',
    );
    expect(localDateOf(new Date('2030-03-10T03:59:00Z'), 'America/New_York')).toBe('2030-03-09');
    expect(zonedInstant('2030-06-01', 9 * 60, 'Asia/Kolkata').toISOString()).toBe('2030-06-01T03:30:00.000Z');
    expect(zoneOffsetMinutes('America/New_York', new Date('2030-07-01T12:00:00Z'))).toBe(-240);
    expect(gmtLabel(330)).toBe('GMT+5:30');
    expect(zoneClockName('Asia/Ho_Chi_Minh', 'vi')).toBe('giờ Việt Nam (GMT+7)');
    expect(zoneClockName('Asia/Bangkok', 'en')).toBe('Bangkok time (GMT+7)');
  });

  it('reads the same whatever zone the runtime is in', () => {
    // The process zone is the machine's; the hospital's clock must not depend on it.
    const instant = new Date('2030-12-31T23:59:00Z');
    expect(zonedParts(instant, 'Asia/Ho_Chi_Minh')).toMatchObject({ date: '2031-01-01', time: '06:59' });
    expect(zonedParts(instant, 'UTC')).toMatchObject({ date: '2030-12-31', time: '23:59' });
    expect(todayIn('Pacific/Kiritimati', instant)).toBe('2031-01-01');
  });

  it('does calendar arithmetic on YYYY-MM-DD days', () => {
    expect(addDays('2030-02-27', 2)).toBe('2030-03-01');
    expect(addDays('2030-03-01', -1)).toBe('2030-02-28');
    expect(daysBetween('2030-02-27', '2030-03-01')).toBe(2);
    expect(weekdayOf('2030-03-04')).toBe(1);
    expect(formatLocalDate('2030-03-04')).toBe('04/03/2030');
    expect([timeSlotOf(8 * 60), timeSlotOf(12 * 60), timeSlotOf(17 * 60 + 59), timeSlotOf(18 * 60)]).toEqual([
      0, 1, 1, 2,
    ]);
  });

  it('reads an unknown zone as Vietnam rather than failing', () => {
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('Asia/Ho_Chi_Minh')).toBe(true);
    expect(zonedParts('2030-03-04T17:30:00Z', 'Mars/Olympus_Mons').date).toBe('2030-03-05');
  });
});
