import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { pageLanguageOf } from './page-language';
import { injectFetch, serverRenderer } from './ssr';

/*
 * The server side of server rendering: the language a page is rendered in, the in-process fetch
 * the render's requests go through, loading the render bundle, and how routes.ts puts a render
 * (or the loading shell) into the page. The render bundle here is a stand-in module written to a
 * temporary dist folder; the real one (src/app/entry-server.tsx) is exercised by tests/e2e/ssr.spec.ts.
 */

const TEMPLATE =
  '<!doctype html><html lang="vi"><head><!--tenant-head--></head><body><div id="root"><!--tenant-shell--></div></body></html>';

/** A stand-in render bundle: records its input, renders a marker, or throws for /explode. */
const FAKE_BUNDLE = `
export async function renderPage(input) {
  globalThis.__ssrInputs = [...(globalThis.__ssrInputs ?? []), input];
  const path = input.url.split('?')[0];
  if (path === '/explode') throw new Error('render failed');
  if (path.startsWith('/me/')) return null;
  const reply = await input.request.serverFetch(new Request('http://ssr.invalid/api/v1/Specialities', { headers: input.request.headers }));
  const body = await reply.json();
  return {
    html: '<main id="main-content">rendered ' + path + ' in ' + input.language + ' with ' + body.data.length + ' specialities</main>',
    state: JSON.stringify({ language: input.language, note: '</script><script>alert(1)</script>' }),
  };
}
`;

let t: TestApp;
let dist: string;
const inputs = () =>
  (globalThis as { __ssrInputs?: { url: string; request: { headers: Record<string, string> } }[] })
    .__ssrInputs ?? [];

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'sk-ssr-'));
  writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
  mkdirSync(path.join(dist, 'server'));
  writeFileSync(path.join(dist, 'server', 'entry-server.js'), FAKE_BUNDLE);
  t = await createTestApp({ seed: true, doctors: 5, env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('page language', () => {
  it('takes ?lang=, else the lang cookie, else the default, and only languages the tenant offers', () => {
    const tenant = t.registry.byCode.get('songkhoe')!;
    const lang = (search: string, cookie?: string) =>
      pageLanguageOf(tenant, new URLSearchParams(search), cookie);
    expect(lang('')).toBe(tenant.config.languages.default);
    expect(lang('lang=en')).toBe('en');
    expect(lang('', 'theme=x; lang=en')).toBe('en');
    expect(lang('lang=vi', 'lang=en')).toBe('vi');
    expect(lang('lang=fr', 'lang=de')).toBe(tenant.config.languages.default);
  });
});

describe('in-process fetch', () => {
  it('answers GET and POST through the app with its plugins, and passes statuses on', async () => {
    const fetchFn = injectFetch(t.app, '203.0.113.9');
    const headers = {
      companycode: 'songkhoe',
      'content-type': 'application/json',
      'x-accept-language': 'en',
    };
    const list = await fetchFn(
      new Request('http://ssr.invalid/api/v1/Doctors/FilterDoctors', {
        method: 'POST',
        headers,
        body: JSON.stringify({ pageNumber: 1, pageSize: 2 }),
      }),
    );
    expect(list.status).toBe(200);
    const json = (await list.json()) as { data: { doctors: unknown[] } };
    expect(json.data.doctors).toHaveLength(2);
    const missing = await fetchFn('http://ssr.invalid/api/v1/Doctors/GetDoctor/999999', { headers });
    expect(missing.status).toBe(404);
    // The tenant plugin runs: no company code and an unknown host is no portal.
    const noTenant = await fetchFn('http://ssr.invalid/api/v1/Specialities', {
      headers: { host: 'x.example' },
    });
    expect(noTenant.status).toBe(404);
  });
});

describe('render bundle', () => {
  it('is null without a build, and is loaded again when a rebuild replaces it', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'sk-ssr-none-'));
    expect(await serverRenderer(empty)()).toBeNull();
    const file = path.join(empty, 'server', 'entry-server.js');
    mkdirSync(path.dirname(file));
    writeFileSync(file, 'export const renderPage = async () => ({ html: "one", state: "{}" });');
    const load = serverRenderer(empty);
    expect((await (await load())!.renderPage({} as never))?.html).toBe('one');
    writeFileSync(file, 'export const renderPage = async () => ({ html: "two", state: "{}" });');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect((await (await load())!.renderPage({} as never))?.html).toBe('two');
    rmSync(empty, { recursive: true, force: true });
  });
});

describe('pages', () => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host: 'localhost', ...headers } });

  it('puts a public page rendered with its data into #root and its state into an inert data block', async () => {
    const reply = await get('/speciality-list?lang=en');
    expect(reply.statusCode).toBe(200);
    const root = /<div id="root">(.*)<\/div>/.exec(reply.body)?.[1] ?? '';
    expect(root).toMatch(
      /^<main id="main-content">rendered \/speciality-list in en with \d+ specialities<\/main>$/,
    );
    expect(root).not.toContain('sk-shell');
    expect(reply.body).toContain('<html lang="en"');
    const block = /<script type="application\/json" id="sk-state">(.*?)<\/script>/.exec(reply.body)?.[1];
    expect(block).toBeDefined();
    expect(block).not.toContain('<');
    expect(JSON.parse(block!)).toMatchObject({ language: 'en', note: '</script><script>alert(1)</script>' });
    // The SEO head replaces the plain title.
    expect(reply.body).toMatch(/<link rel="canonical" href="http:\/\/localhost\/speciality-list\?lang=en">/);
  });

  it("sends the render's requests with the spec headers of an anonymous visitor of this portal", async () => {
    await get('/speciality-list', { cookie: 'lang=en' });
    const { headers } = inputs().at(-1)!.request;
    expect(headers).toMatchObject({
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'x-accept-language': 'en',
      CompanyCode: 'songkhoe',
    });
    expect(headers['x-timezone-offset']).toBe('420');
    expect(headers.unique).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers).not.toHaveProperty('Authorization');
  });

  it('keeps the loading shell for a page the browser renders, and when a render fails', async () => {
    for (const url of ['/me/appointments-list/', '/explode']) {
      const reply = await get(url);
      expect(reply.body, url).toContain('<main class="sk-shell" aria-busy="true">');
      expect(reply.body, url).not.toContain('id="sk-state"');
      expect(reply.body, url).toContain('id="sk-boot"');
    }
    // The SEO module decides the status: a path that is no page is 404, the shell still served.
    expect((await get('/explode')).statusCode).toBe(404);
    expect((await get('/me/appointments-list/')).statusCode).toBe(200);
  });
});
