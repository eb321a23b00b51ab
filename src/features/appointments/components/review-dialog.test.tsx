import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { envelope, nextOf, summary, type Queued } from '../test-fixtures';
import { AppointmentActions } from './appointment-actions';
import { reviewErrors } from './review-dialog';

// The API is faked at the network: the review answers what a test queues.
const REVIEW = 'Appointments/AddAppointmentReview';
const answers: Queued[] = [];
let api: ReturnType<typeof fakeApi>;
const calls = () => api.calls('POST', REVIEW).map((sent) => sent.body);

const completed = summary({ status: 10, canCancel: false, canReschedule: false, canReview: true });

beforeEach(() => {
  answers.length = 0;
  api = fakeApi({ [`POST ${REVIEW}`]: nextOf(answers) });
});

// User events are slow on a loaded machine: generous time per test.
describe('review rules', { timeout: 30_000 }, () => {
  it('needs a rating of 1 to 5 and a comment', () => {
    expect(reviewErrors(0, '')).toEqual({ rating: 'rating_required', comment: 'comment_required' });
    expect(reviewErrors(6, 'ok')).toEqual({ rating: 'rating_required' });
    expect(reviewErrors(5, '  ')).toEqual({ comment: 'comment_required' });
    expect(reviewErrors(1, 'ok')).toEqual({});
  });

  it('offers a review only on a completed appointment the server lets be reviewed, once', () => {
    const { unmount } = renderWithProviders(<AppointmentActions appointment={completed} />);
    expect(screen.getByRole('button', { name: 'Đánh giá' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Đặt lịch tái khám' }).getAttribute('href')).toBe(
      '/book-appointment?doctorId=7&followUpOf=41',
    );
    unmount();
    const reviewed = renderWithProviders(
      <AppointmentActions appointment={{ ...completed, reviewed: true }} />,
    );
    expect(screen.queryByRole('button', { name: 'Đánh giá' })).toBeNull();
    reviewed.unmount();
    renderWithProviders(<AppointmentActions appointment={summary({ status: 4, canReview: true })} />);
    expect(screen.queryByRole('button', { name: 'Đánh giá' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Đặt lịch tái khám' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Hủy lịch hẹn' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Đổi lịch' })).toBeTruthy();
  });

  it('rates with an accessible radio group of stars and sends rating and comment', async () => {
    renderWithProviders(<AppointmentActions appointment={completed} />);
    await userEvent.click(screen.getByRole('button', { name: 'Đánh giá' }));
    const dialog = screen.getByRole('dialog', { name: 'Đánh giá bác sĩ' });
    expect(dialog).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Gửi đánh giá' }));
    expect(screen.getByText('Vui lòng chọn số sao đánh giá.')).toBeTruthy();
    expect(screen.getByText('Vui lòng nhập nhận xét.')).toBeTruthy();
    expect(calls()).toEqual([]);

    const group = screen.getByRole('group', { name: 'Mức đánh giá' });
    expect(group).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    // Native radios sharing one name: the browser moves between them with the arrow keys.
    const names = new Set(screen.getAllByRole('radio').map((radio) => radio.getAttribute('name')));
    expect(names.size).toBe(1);
    await userEvent.click(screen.getByRole('radio', { name: '4 trên 5 sao' }));
    await userEvent.click(screen.getByRole('radio', { name: '5 trên 5 sao' }));
    expect((screen.getByRole('radio', { name: '5 trên 5 sao' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: '4 trên 5 sao' }) as HTMLInputElement).checked).toBe(false);
    await userEvent.type(screen.getByRole('textbox', { name: 'Nhận xét' }), ' Bác sĩ tận tình ');
    answers.push({ status: 200, body: envelope({ feedbackId: 1 }) });
    await userEvent.click(screen.getByRole('button', { name: 'Gửi đánh giá' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls()).toEqual([{ appointmentId: 41, rating: 5, comment: 'Bác sĩ tận tình' }]);
  });

  it('shows a refusal such as review_exists translated', async () => {
    renderWithProviders(<AppointmentActions appointment={completed} />);
    await userEvent.click(screen.getByRole('button', { name: 'Đánh giá' }));
    await userEvent.click(screen.getByRole('radio', { name: '3 trên 5 sao' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Nhận xét' }), 'Ổn');
    answers.push({ status: 409, body: envelope(null, 'review_exists') });
    await userEvent.click(screen.getByRole('button', { name: 'Gửi đánh giá' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Bạn đã đánh giá lịch hẹn này.');
  });
});
