import { beforeEach, describe, expect, it } from 'vitest';
import type { BootBundle } from '../../schemas/boot';
import { getCompanyCode } from '../lib/request-context';
import { fakeApi, type FakeAnswer } from '../test/fake-api';
import { fetchBoot } from './boot';

// The server is the web tests' one fake (src/test/fake-api.ts), which records what was sent.
const BOOT = 'Tenants/Boot';
const reply = (status: number, body: unknown) => Response.json(body, { status });
const serve = (answer: FakeAnswer) => fakeApi({ [BOOT]: answer });

describe('fetchBoot', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));

  it('sends the host company code and keeps the canonical code of the reply', async () => {
    const bundle = { companyCode: 'songhong' } as BootBundle;
    const api = serve(reply(200, { isSuccess: true, data: bundle }));
    const result = await fetchBoot();
    expect(api.sent.map((sent) => `${sent.method} ${sent.path}`)).toEqual([`GET ${BOOT}`]);
    expect(api.sent[0]!.headers.get('CompanyCode')).toBe('');
    expect(result).toEqual({ kind: 'bundle', bundle });
    expect(getCompanyCode()).toBe('songhong');
  });

  it('takes the bundle the server embedded in the page once, without a request; a retry asks', async () => {
    const embedded = { companyCode: 'saomai', name: { vi: '<b>Sao Mai</b>', en: 'Sao Mai' } };
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = 'sk-boot';
    // As the server writes it: "<" escaped.
    data.textContent = JSON.stringify(embedded).replace(/</g, '\\u003c');
    document.head.append(data);
    const api = serve({ data: { companyCode: 'songkhoe' } });
    expect(await fetchBoot()).toEqual({ kind: 'bundle', bundle: embedded });
    expect(api.sent).toEqual([]);
    expect(getCompanyCode()).toBe('saomai');
    expect(document.getElementById('sk-boot')).toBeNull();
    await fetchBoot();
    expect(api.calls('GET', BOOT)).toHaveLength(1);
  });

  it('sends the stored bearer token like every other request, and none when signed out', async () => {
    const api = serve({ data: { companyCode: 'songkhoe' } });
    localStorage.setItem('user', JSON.stringify({ userId: 1, token: 'tok-1', refreshToken: 'r' }));
    await fetchBoot();
    localStorage.removeItem('user');
    await fetchBoot();
    expect(api.sent.map((sent) => sent.authorization)).toEqual(['Bearer tok-1', null]);
  });

  it('reports an unknown portal', async () => {
    serve({ status: 404, code: 'tenant_not_found' });
    expect(await fetchBoot()).toEqual({ kind: 'not-found' });
  });

  it('reports a failure on network errors and other statuses', async () => {
    serve('network');
    expect(await fetchBoot()).toEqual({ kind: 'failed' });
    serve(reply(502, {}));
    expect(await fetchBoot()).toEqual({ kind: 'failed' });
  });
});
