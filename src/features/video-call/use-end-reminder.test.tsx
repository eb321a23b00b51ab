import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEndReminder, useHangUpAt } from './use-end-reminder';

beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-27T03:00:00Z') }));
afterEach(() => vi.useRealTimers());

describe('the end of a call', () => {
  it('reminds a minute before the booked end', () => {
    const { result } = renderHook(() => useEndReminder('2026-11-27T03:05:00Z'));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(3 * 60_000 + 59_000));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toBe(true);
  });

  it('hangs a direct call up once, at its end, with the latest hang-up function', () => {
    const first = vi.fn();
    const latest = vi.fn();
    const { rerender } = renderHook(({ hangUp }) => useHangUpAt('2026-11-27T03:10:00Z', hangUp), {
      initialProps: { hangUp: first },
    });
    rerender({ hangUp: latest });
    act(() => vi.advanceTimersByTime(10 * 60_000 - 1));
    expect(latest).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(latest).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
  });

  it('never hangs up a booked video consultation (no limit)', () => {
    const hangUp = vi.fn();
    renderHook(() => useHangUpAt(null, hangUp));
    act(() => vi.advanceTimersByTime(24 * 3_600_000));
    expect(hangUp).not.toHaveBeenCalled();
  });
});
