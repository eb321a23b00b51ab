import { act, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveUser } from '../../../lib/user-storage';
import { renderWithProviders } from '../../../test/render';
import { fakeFeeApi, request } from '../test-api';
import { Component as SignPage } from './sign-page';

// jsdom has no canvas drawing: a stand-in with signature_pad's API, where a test "draws" a stroke.
const pads: { empty: boolean; listeners: Map<string, () => void> }[] = [];
vi.mock('signature_pad', () => ({
  default: class {
    state = { empty: true, listeners: new Map<string, () => void>() };
    constructor() {
      pads.push(this.state);
    }
    addEventListener(type: string, fn: () => void) {
      this.state.listeners.set(type, fn);
    }
    removeEventListener(type: string) {
      this.state.listeners.delete(type);
    }
    isEmpty() {
      return this.state.empty;
    }
    clear() {
      this.state.empty = true;
    }
    toData() {
      return [];
    }
    fromData() {}
    off() {}
    // A 1×1 PNG.
    toDataURL() {
      return 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    }
  },
}));

// The namespace and page chunks load lazily: give them time on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
  pads.length = 0;
});

/** Draws a stroke on the newest pad (created by the field's effect, which may run a tick later). */
const draw = async () => {
  await waitFor(() => expect(pads.length).toBeGreaterThan(0));
  act(() => {
    const pad = pads[pads.length - 1]!;
    pad.empty = false;
    pad.listeners.get('endStroke')?.();
  });
};

const DETAIL = 'HospitalBillCoverages/GetHospitalBillCoverage/7';
const SIGN = 'POST Appointments/SignatureHospitalBillCoverageConfirmForWeb/7';
const at = { route: '/me/fee-guarantee/:id/sign', path: '/me/fee-guarantee/7/sign' };

describe('signature screen', { timeout: 30_000 }, () => {
  it('keeps "Send signature" disabled while empty; sends the PNG as multipart Files with the token', async () => {
    saveUser({ userId: 5, token: 'tok-123', fullName: 'An' } as Parameters<typeof saveUser>[0]);
    const sent = fakeFeeApi({
      [DETAIL]: { data: request({ status: 'approved', approvedAmount: 3_000_000 }) },
      [SIGN]: { data: { success: true, feeGuarantee: request({ status: 'signed' }) } },
    });
    renderWithProviders(<SignPage />, at);
    const canvas = await screen.findByRole('img', { name: 'Khung ký tên' });
    expect(canvas.tagName).toBe('CANVAS');
    expect(canvas.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/Ký tên vào khung bên dưới bằng chuột, bút cảm ứng hoặc ngón tay/)).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Gửi chữ ký' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Xóa chữ ký' }) as HTMLButtonElement).disabled).toBe(true);
    await draw();
    expect(submit.disabled).toBe(false);
    // Clearing empties it again.
    await userEvent.click(screen.getByRole('button', { name: 'Xóa chữ ký' }));
    expect(submit.disabled).toBe(true);
    await draw();
    await userEvent.click(submit);
    await waitFor(() => expect(sent.some((s) => s.method === 'POST')).toBe(true));
    const post = sent.find((s) => s.method === 'POST')!;
    expect(post.authorization).toBe('Bearer tok-123');
    const files = post.form!.getAll('Files');
    expect(files).toHaveLength(1);
    expect((files[0] as File).type).toBe('image/png');
    expect([...post.form!.keys()]).toEqual(['Files']);
  });

  it('keyboard alternative: typing the full name signs; clearing empties it', async () => {
    const sent = fakeFeeApi({
      [DETAIL]: { data: request({ status: 'approved', approvedAmount: 3_000_000 }) },
      [SIGN]: { data: { success: true, feeGuarantee: request({ status: 'signed' }) } },
    });
    renderWithProviders(<SignPage />, at);
    const name = await screen.findByLabelText(/Hoặc gõ họ tên của bạn để ký/);
    const submit = screen.getByRole('button', { name: 'Gửi chữ ký' }) as HTMLButtonElement;
    await userEvent.type(name, '   ');
    expect(submit.disabled).toBe(true);
    await userEvent.type(name, 'Trần Thị Mai');
    expect(submit.disabled).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Xóa chữ ký' }));
    expect(submit.disabled).toBe(true);
    expect((name as HTMLInputElement).value).toBe('');
    await userEvent.type(name, 'Mai');
    await userEvent.click(submit);
    await waitFor(() => expect(sent.filter((s) => s.method === 'POST')).toHaveLength(1));
  });

  it('a request that is not approved cannot be signed here', async () => {
    fakeFeeApi({ [DETAIL]: { data: request({ status: 'waiting' }) } });
    renderWithProviders(<SignPage />, at);
    expect(await screen.findByText(/Yêu cầu này hiện không thể ký xác nhận\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Gửi chữ ký' })).toBeNull();
  });
});
