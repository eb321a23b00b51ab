import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BootBundle } from '../../schemas/boot';
import { getCompanyCode } from '../lib/request-context';
import { fetchBoot } from './boot';

const reply = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

describe('fetchBoot', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));

  it('sends the host company code and keeps the canonical code of the reply', async () => {
    const bundle = { companyCode: 'songhong' } as BootBundle;
    const fetchFn = vi.fn((_url: string, init?: RequestInit) => {
      expect(new Headers(init?.headers).get('CompanyCode')).toBe('');
      return reply(200, { isSuccess: true, data: bundle });
    });
    const result = await fetchBoot(fetchFn as unknown as typeof fetch);
    expect(fetchFn).toHaveBeenCalledWith('/api/v1/Tenants/Boot', expect.anything());
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
    const fetchFn = vi.fn(() => reply(200, { isSuccess: true, data: { companyCode: 'songkhoe' } }));
    expect(await fetchBoot(fetchFn as unknown as typeof fetch)).toEqual({ kind: 'bundle', bundle: embedded });
    expect(fetchFn).not.toHaveBeenCalled();
    expect(getCompanyCode()).toBe('saomai');
    expect(document.getElementById('sk-boot')).toBeNull();
    await fetchBoot(fetchFn as unknown as typeof fetch);
    expect(fetchFn).toHaveBeenCalledOnce();
  });

  it('sends the stored bearer token like every other request, and none when signed out', async () => {
    const seen: (string | null)[] = [];
    const fetchFn = (_url: string, init?: RequestInit) => {
      seen.push(new Headers(init?.headers).get('Authorization'));
      return reply(200, { isSuccess: true, data: { companyCode: 'songkhoe' } });
    };
    localStorage.setItem('user', JSON.stringify({ userId: 1, token: 'tok-1', refreshToken: 'r' }));
    await fetchBoot(fetchFn as unknown as typeof fetch);
    localStorage.removeItem('user');
    await fetchBoot(fetchFn as unknown as typeof fetch);
    expect(seen).toEqual(['Bearer tok-1', null]);
  });

  it('reports an unknown portal', async () => {
    const fetchFn = () =>
      reply(404, { isSuccess: false, codeMessageRespond: 'tenant_not_found', data: null });
    expect(await fetchBoot(fetchFn as unknown as typeof fetch)).toEqual({ kind: 'not-found' });
  });

  it('reports a failure on network errors and other statuses', async () => {
    const offline = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await fetchBoot(offline as unknown as typeof fetch)).toEqual({ kind: 'failed' });
    const broken = () => reply(502, {});
    expect(await fetchBoot(broken as unknown as typeof fetch)).toEqual({ kind: 'failed' });
  });
});
