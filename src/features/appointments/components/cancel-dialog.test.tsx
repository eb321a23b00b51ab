import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../../lib/toast/toast-store';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { envelope, nextOf, summary, type Queued } from '../test-fixtures';
import { CancelDialog } from './cancel-dialog';

// The API is faked at the network: the cancel answers what a test queues.
const CANCEL = 'Appointments/CancelAppintment';
const answers: Queued[] = [];
let api: ReturnType<typeof fakeApi>;
const calls = () => api.calls('POST', CANCEL).map((sent) => sent.body);

const open = () => {
  const onClose = vi.fn();
  renderWithProviders(<CancelDialog appointment={summary()} open onClose={onClose} />);
  return { onClose };
};
const reason = () => screen.getByRole('combobox', { name: 'Lý do hủy' });
const remark = () => screen.getByRole('textbox', { name: 'Ghi chú' });
const submit = (name: string | RegExp) => userEvent.click(screen.getByRole('button', { name }));

beforeEach(() => {
  answers.length = 0;
  api = fakeApi({ [`POST ${CANCEL}`]: nextOf(answers) });
});

// User events are slow on a loaded machine: generous time per test.
describe('CancelDialog', { timeout: 30_000 }, () => {
  it('requires a reason and a remark, on the fields, and sends nothing', async () => {
    open();
    expect(screen.getByRole('dialog', { name: 'Hủy lịch hẹn' })).toBeTruthy();
    await submit('Tiếp tục');
    expect(reason().getAttribute('aria-invalid')).toBe('true');
    expect(remark().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Vui lòng chọn lý do hủy.')).toBeTruthy();
    expect(screen.getByText('Vui lòng nhập ghi chú.')).toBeTruthy();
    // A blank remark is no remark.
    await userEvent.selectOptions(reason(), 'feelingBetter');
    await userEvent.type(remark(), '   ');
    await submit('Tiếp tục');
    expect(reason().getAttribute('aria-invalid')).toBeNull();
    expect(remark().getAttribute('aria-invalid')).toBe('true');
    expect(calls()).toEqual([]);
  });

  it('asks to confirm, then cancels with the reason key and the remark', async () => {
    const { onClose } = open();
    answers.push({ status: 200, body: envelope({ ...summary(), status: 5, refunds: [] }) });
    await userEvent.selectOptions(reason(), 'scheduleConflict');
    await userEvent.type(remark(), '  Bận họp đột xuất ');
    await submit('Tiếp tục');
    expect(calls()).toEqual([]);
    expect(screen.getByText('Bạn có chắc chắn muốn hủy lịch hẹn này không?')).toBeTruthy();
    await submit('Xác nhận hủy');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls()).toEqual([{ appointmentId: 41, reason: 'scheduleConflict', remark: 'Bận họp đột xuất' }]);
  });

  it('marks the reason and the remark required: a visible * and aria-required', () => {
    open();
    for (const control of [reason(), remark()]) {
      expect(control.getAttribute('aria-required')).toBe('true');
      expect(document.querySelector(`label[for="${control.id}"]`)?.textContent).toMatch(/ \*$/);
    }
  });

  it('says where the money goes after cancelling: wallet or bank, how much, when (hospital clock)', async () => {
    open();
    const refunds = [
      { to: 'wallet', amount: 20_000, at: '2026-12-01T03:05:00.000Z' },
      { to: 'bank', amount: 330_000, at: '2026-12-01T03:05:00.000Z' },
    ];
    answers.push({ status: 200, body: envelope({ ...summary(), status: 5, paymentStatus: 5, refunds }) });
    await userEvent.selectOptions(reason(), 'scheduleConflict');
    await userEvent.type(remark(), 'Bận họp');
    await submit('Tiếp tục');
    await submit('Xác nhận hủy');
    await waitFor(() => expect(getToasts().at(-1)?.kind).toBe('success'));
    const toast = getToasts().at(-1);
    expect(toast?.message).toBe(
      'Đã hủy lịch hẹn. Đã hoàn 20.000\u00a0₫ vào ví lúc 01/12/2026 10:05. ' +
        'Đã hoàn 330.000\u00a0₫ về tài khoản ngân hàng / thẻ đã thanh toán lúc 01/12/2026 10:05. ' +
        'Thời gian tiền về tài khoản tùy theo ngân hàng của bạn.',
    );
  });

  it("shows the server's refusal translated (the tenant's cancel limits)", async () => {
    const { onClose } = open();
    // As the server answers a cancel past the tenant's limit: the code and the precise reason.
    answers.push({ status: 409, body: envelope(null, 'cancel_not_allowed', ['cancel_too_late']) });
    await userEvent.selectOptions(reason(), 'other');
    await userEvent.type(remark(), 'Lý do riêng');
    await submit('Tiếp tục');
    await submit('Xác nhận hủy');
    expect((await screen.findByRole('alert')).textContent).toBe('Đã quá thời hạn hủy lịch trước giờ hẹn.');
    expect(onClose).not.toHaveBeenCalled();
    // Only the code: its own sentence.
    await submit('Tiếp tục');
    answers.push({ status: 409, body: envelope(null, 'cancel_not_allowed') });
    await submit('Xác nhận hủy');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Không thể hủy lịch hẹn: đã vượt quá số lần cho phép hoặc đã quá thời hạn hủy.',
      ),
    );
    // Back on the form, so the user can read and leave.
    expect(screen.getByRole('button', { name: 'Tiếp tục' })).toBeTruthy();
  });

  it("puts the server's field errors on the fields", async () => {
    open();
    answers.push({ status: 400, body: envelope(null, 'invalid_request', ['remark_required']) });
    await userEvent.selectOptions(reason(), 'other');
    await userEvent.type(remark(), 'x');
    await submit('Tiếp tục');
    await submit('Xác nhận hủy');
    await waitFor(() => expect(remark().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Vui lòng nhập ghi chú.')).toBeTruthy();
  });
});
