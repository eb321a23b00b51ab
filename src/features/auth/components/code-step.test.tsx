import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { CodeStep, RESEND_SECONDS } from './code-step';

afterEach(() => {
  vi.useRealTimers();
});

describe('CodeStep', () => {
  it('waits 60 seconds before a code can be sent again, then restarts the countdown', async () => {
    vi.useFakeTimers();
    const onResend = vi.fn(async () => true);
    renderWithProviders(
      <CodeStep intro="sent" emptyKey="plz_enter_OTP" onSubmit={async () => null} onResend={onResend} />,
    );
    expect(RESEND_SECONDS).toBe(60);
    const resend = () => screen.getByRole('button', { name: /Gửi lại mã/ });
    expect(resend().textContent).toBe('Gửi lại mã sau 60 giây');
    expect(resend()).toHaveProperty('disabled', true);
    for (let second = 0; second < 60; second++) act(() => vi.advanceTimersByTime(1000));
    expect(resend().textContent).toBe('Gửi lại mã');
    await act(async () => fireEvent.click(resend()));
    expect(onResend).toHaveBeenCalledOnce();
    expect(resend().textContent).toBe('Gửi lại mã sau 60 giây');
  });

  it('requires six digits before sending, with the message linked to the field', async () => {
    const onSubmit = vi.fn(async () => null);
    renderWithProviders(<CodeStep intro="sent" emptyKey="plz_enter_OTP" onSubmit={onSubmit} />);
    const code = screen.getByLabelText('Mã xác thực');
    expect(document.activeElement).toBe(code);
    await act(async () => fireEvent.submit(code.closest('form')!));
    expect(screen.getByText('Vui lòng nhập mã xác thực.').id).toBe(code.getAttribute('aria-describedby'));
    fireEvent.change(code, { target: { value: '12a3' } });
    expect(code).toHaveProperty('value', '123');
    await act(async () => fireEvent.submit(code.closest('form')!));
    expect(screen.getByText('Mã xác thực không đúng.')).toBeTruthy();
    fireEvent.change(code, { target: { value: '123456' } });
    await act(async () => fireEvent.submit(code.closest('form')!));
    expect(onSubmit).toHaveBeenCalledWith('123456');
  });
});
