import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BootResult } from '../tenant/boot';
import { BootGate } from './boot-gate';

// BootGate suspends on the boot promise (React `use`): renders and settlements run in async act.
describe('BootGate', () => {
  it('shows an accessible loading state, then "portal not found" for an unknown portal', async () => {
    let resolve: (result: BootResult) => void = () => undefined;
    const first = new Promise<BootResult>((done) => (resolve = done));
    await act(async () => {
      render(<BootGate first={first} retry={() => first} />);
    });
    expect(screen.getByRole('status').textContent).toBe('Đang tải…');
    await act(async () => resolve({ kind: 'not-found' }));
    expect(screen.getByRole('heading', { name: 'Không tìm thấy cổng thông tin' })).toBeTruthy();
    expect(document.title).toBe('Không tìm thấy cổng thông tin');
  });

  it('offers a retry after a network failure', async () => {
    const retry = vi.fn(() => Promise.resolve<BootResult>({ kind: 'not-found' }));
    await act(async () => {
      render(<BootGate first={Promise.resolve({ kind: 'failed' })} retry={retry} />);
    });
    expect(screen.getByRole('alert').textContent).toContain('Không kết nối được');
    await act(async () => screen.getByRole('button', { name: 'Thử lại' }).click());
    expect(retry).toHaveBeenCalledOnce();
    expect(screen.getByRole('heading', { name: 'Không tìm thấy cổng thông tin' })).toBeTruthy();
  });
});
