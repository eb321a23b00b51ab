// @vitest-environment jsdom
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeAnswer, type SentRequest } from '../test/fake-api';
import { createBaseQuery, SKIP_AUTH_HEADER } from './base-query';
import { registerNavigator } from './navigation';
import { setCompanyCode, setRequestLanguage } from './request-context';
import { readUser, saveUser } from './user-storage';

// The server is the web tests' one fake (src/test/fake-api.ts): a route answers by path and token.
const json = (status: number, body: unknown) => Response.json(body, { status });
const envelope = (data: unknown) => ({
  isSuccess: true,
  codeMessageRespond: null,
  message: null,
  data,
  errors: null,
});

function fakeServer(answer: (sent: SentRequest) => FakeAnswer | Promise<FakeAnswer>) {
  const requests = fakeApi(answer).sent;
  const translator = { t: (key: string) => key, exists: () => false };
  // The base URL is the app's own: /api/v1 of the page's origin.
  const query = createBaseQuery({ translator });
  return { requests, query };
}

const api = (): BaseQueryApi => ({
  signal: new AbortController().signal,
  abort: () => undefined,
  dispatch: () => undefined,
  getState: () => ({}),
  extra: undefined,
  endpoint: 'test',
  type: 'query',
});

const isRefresh = (sent: SentRequest) => sent.path === 'Auth/RefreshToken';
const UUID = /^[0-9a-f-]{36}$/i;

describe('base query', () => {
  let navigate: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    localStorage.clear();
    setCompanyCode('songhong');
    setRequestLanguage('en');
    navigate = vi.fn();
    registerNavigator(navigate as (path: string) => void);
  });
  afterEach(() => vi.useRealTimers());

  it('sends the seven headers of spec section 7 on every request', async () => {
    saveUser({ userId: 7, token: 'tok', refreshToken: 'ref' });
    const { requests, query } = fakeServer(() => json(200, envelope([])));
    await query('Specialities', api(), {});
    await query({ url: 'Doctors/FilterDoctors', method: 'POST', body: { pageNumber: 1 } }, api(), {});
    expect(requests).toHaveLength(2);
    for (const request of requests) {
      expect(request.headers.get('authorization')).toBe('Bearer tok');
      expect(request.headers.get('content-type')).toBe('application/json');
      expect(request.headers.get('accept')).toBe('application/json');
      expect(request.headers.get('x-accept-language')).toBe('en');
      expect(request.headers.get('x-timezone-offset')).toBe(String(-new Date().getTimezoneOffset()));
      expect(request.headers.get('unique')).toMatch(UUID);
      expect(request.headers.get('companycode')).toBe('songhong');
    }
    expect(requests[0]!.headers.get('unique')).toBe(localStorage.getItem('device_id'));
  });

  it('sends no Authorization when the endpoint opts out, by option or header', async () => {
    saveUser({ userId: 7, token: 'tok', refreshToken: 'ref' });
    const { requests, query } = fakeServer(() => json(200, envelope(null)));
    await query({ url: 'Auth/Login', method: 'POST', body: {} }, api(), { skipAuth: true });
    await query({ url: 'Banners', headers: { [SKIP_AUTH_HEADER]: 'true' } }, api(), {});
    for (const request of requests) {
      expect(request.headers.has('authorization')).toBe(false);
      expect(request.headers.has(SKIP_AUTH_HEADER)).toBe(false);
      expect(request.headers.get('companycode')).toBe('songhong');
    }
  });

  it('refreshes once for three parallel 401s and replays each with the new token', async () => {
    saveUser({ userId: 7, token: 'old', refreshToken: 'ref-1', fullName: 'An' });
    let refreshes = 0;
    const { requests, query } = fakeServer(async (request) => {
      if (isRefresh(request)) {
        refreshes += 1;
        expect(request.body).toEqual({ refreshToken: 'ref-1' });
        await new Promise((resolve) => setTimeout(resolve, 20));
        return json(200, envelope({ token: 'new', refreshToken: 'ref-2' }));
      }
      return request.headers.get('authorization') === 'Bearer new'
        ? json(200, envelope('ok'))
        : json(401, {});
    });
    const results = await Promise.all(['A', 'B', 'C'].map((path) => query(`Users/${path}`, api(), {})));
    expect(refreshes).toBe(1);
    expect(results.map((r) => r.error)).toEqual([undefined, undefined, undefined]);
    const replays = requests.filter((r) => !isRefresh(r) && r.headers.get('authorization') === 'Bearer new');
    expect(replays.map((r) => r.path).sort()).toEqual(['Users/A', 'Users/B', 'Users/C']);
    expect(readUser()).toMatchObject({ userId: 7, token: 'new', refreshToken: 'ref-2', fullName: 'An' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('clears the stored user and goes home when the refresh returns no data', async () => {
    saveUser({ userId: 7, token: 'old', refreshToken: 'ref-1' });
    const { requests, query } = fakeServer((request) =>
      isRefresh(request) ? json(200, envelope(null)) : json(401, { codeMessageRespond: 'unauthorized' }),
    );
    const result = await query('Users/GetUser/7', api(), {});
    expect(result.error?.status).toBe(401);
    expect(readUser()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/');
    expect(requests.filter(isRefresh)).toHaveLength(1);
  });

  it('does not try to refresh for an anonymous 401', async () => {
    const { requests, query } = fakeServer(() => json(401, { codeMessageRespond: 'unauthorized' }));
    const result = await query('Users/GetUser/7', api(), {});
    expect(result.error?.status).toBe(401);
    expect(requests.filter(isRefresh)).toHaveLength(0);
    expect(navigate).not.toHaveBeenCalled();
  });
});
