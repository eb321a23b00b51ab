import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BootResult } from '../tenant/boot';
import { BootGate } from './boot-gate';

// The first boot arrives settled; a retry suspends on its promise (React `use`), so renders and
// settlements run in async act.
describe('BootGate', () => {
  it('says "portal not found" for an unknown portal', async () => {
    await act(async () => {
      render(<BootGate first={{ kind: 'not-found' }} retry={() => Promise.resolve({ kind: 'not-found' })} />);
    });
    expect(screen.getByRole('heading', { name: 'Không tìm thấy cổng thông tin' })).toBeTruthy();
    expect(document.title).toBe('Không tìm thấy cổng thông tin');
  });

  it('offers a retry after a network failure and shows an accessible loading state while it runs', async () => {
    let resolve: (result: BootResult) => void = () => undefined;
    const retry = vi.fn(() => new Promise<BootResult>((done) => (resolve = done)));
    await act(async () => {
      render(<BootGate first={{ kind: 'failed' }} retry={retry} />);
    });
    expect(screen.getByRole('alert').textContent).toContain('Không kết nối được');
    await act(async () => screen.getByRole('button', { name: 'Thử lại' }).click());
    expect(retry).toHaveBeenCalledOnce();
    expect(screen.getByRole('status').textContent).toBe('Đang tải…');
    await act(async () => resolve({ kind: 'not-found' }));
    expect(screen.getByRole('heading', { name: 'Không tìm thấy cổng thông tin' })).toBeTruthy();
  });
});
