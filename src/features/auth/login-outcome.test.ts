import { describe, expect, it } from 'vitest';
import type { LoginData, Reply } from './api';
import { loginOutcome } from './login-outcome';

const reply = (over: Partial<Reply<LoginData>>): Reply<LoginData> => ({
  isSuccess: false,
  codeMessageRespond: null,
  message: null,
  data: null,
  errors: null,
  ...over,
});

describe('loginOutcome (the login state machine of spec section 4)', () => {
  it('signs in with a token and no second-factor token, keeping only the stored-user fields', () => {
    const outcome = loginOutcome(
      reply({
        isSuccess: true,
        data: {
          userId: 5,
          token: 't',
          refreshToken: 'r',
          fullName: 'An',
          tokenTwo2NFLogin: null,
          two2NFType: 0,
        },
      }),
    );
    expect(outcome).toEqual({
      kind: 'signed-in',
      user: { userId: 5, token: 't', refreshToken: 'r', fullName: 'An' },
    });
  });

  it('opens the second-factor step on a second-factor token, whatever else the reply holds', () => {
    expect(
      loginOutcome(
        reply({ isSuccess: true, data: { userId: 5, token: null, tokenTwo2NFLogin: 'tok', two2NFType: 2 } }),
      ),
    ).toEqual({ kind: 'two-factor', tokenTwo2NFLogin: 'tok', two2NFType: 2, message: null });
  });

  it('opens the new-device, activation and new-password steps from their codes', () => {
    expect(loginOutcome(reply({ codeMessageRespond: 'LoginStrangeDevice', message: 'sent' }))).toEqual({
      kind: 'strange-device',
      message: 'sent',
    });
    for (const code of ['AccountNotActive', 'IsActiveFail'])
      expect(loginOutcome(reply({ codeMessageRespond: code, data: { userId: 9 } }))).toEqual({
        kind: 'not-active',
        userId: 9,
        messageKey: 'warning_verify_account',
      });
    expect(loginOutcome(reply({ codeMessageRespond: 'PassNew' }))).toEqual({ kind: 'pass-new' });
  });

  it('maps refusals to message keys; AccountLocked keeps the server message and offers forgot password', () => {
    expect(loginOutcome(reply({ codeMessageRespond: 'UserNameOrPasswordFail' }))).toMatchObject({
      kind: 'failed',
      messageKey: 'incorrect_account',
      offerForgot: false,
    });
    expect(loginOutcome(reply({ codeMessageRespond: 'AccountLockedByAdmin' }))).toMatchObject({
      messageKey: 'account_locked',
    });
    expect(
      loginOutcome(reply({ codeMessageRespond: 'AccountLocked', message: 'Locked for 15 minutes' })),
    ).toEqual({
      kind: 'failed',
      messageKey: null,
      message: 'Locked for 15 minutes',
      offerForgot: true,
    });
    expect(loginOutcome(null)).toMatchObject({ kind: 'failed', messageKey: null });
  });
});
