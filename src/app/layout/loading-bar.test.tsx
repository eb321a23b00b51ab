import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOADING_BAR_DELAY_MS, LoadingBar } from './loading-bar';

describe('LoadingBar', () => {
  afterEach(() => vi.useRealTimers());

  it('appears only after 600 ms', () => {
    vi.useFakeTimers();
    render(<LoadingBar />);
    act(() => vi.advanceTimersByTime(LOADING_BAR_DELAY_MS - 1));
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('progressbar', { name: 'Đang tải trang' })).toBeTruthy();
  });
});
