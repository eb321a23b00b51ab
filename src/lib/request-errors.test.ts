import { describe, expect, it } from 'vitest';
import { requestErrorMessages, type Translator } from './request-errors';

const table: Record<string, string> = {
  'request.networkError': 'network',
  'request.accessDenied': 'denied',
  'request.unknownError': 'unknown',
  'request.serverError': 'server',
  'request.fallback': 'fallback',
  incorrect_account: 'wrong login',
  valid_email: 'bad email',
};
const i18n: Translator = { t: (key) => table[key] ?? key, exists: (key) => key in table };
const reply = (status: number, data: object) => requestErrorMessages({ status, data }, i18n);

describe('requestErrorMessages', () => {
  it('maps the code of a 401/403, else the message, else unknown', () => {
    expect(reply(401, { codeMessageRespond: 'incorrect_account', message: 'x' })).toEqual(['wrong login']);
    expect(reply(403, { codeMessageRespond: 'no_key', message: 'Server says no' })).toEqual([
      'Server says no',
    ]);
    expect(reply(403, { codeMessageRespond: 'no_key', message: null })).toEqual(['unknown']);
    expect(reply(403, { codeMessageRespond: null, message: null })).toEqual(['denied']);
  });

  it('shows the server-error sentence on 500', () => {
    expect(reply(500, { message: 'stack trace' })).toEqual(['server']);
  });

  it('lists each error entry, translated when a key exists', () => {
    expect(reply(400, { errors: ['valid_email', 'Raw text'] })).toEqual(['bad email', 'Raw text']);
  });

  it('falls back to the message, then the generic sentence', () => {
    expect(reply(409, { message: 'Conflict here', errors: [] })).toEqual(['Conflict here']);
    expect(reply(502, {})).toEqual(['fallback']);
    expect(requestErrorMessages({ status: 'FETCH_ERROR', error: 'offline' }, i18n)).toEqual(['network']);
  });
});
