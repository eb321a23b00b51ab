import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, tenantHeaders, type TestApp } from '../helpers/test-app';

/**
 * Spec section 8: bad input gets a clear, translated error and changes nothing, never a 500.
 * The values an independent fuzzer sent: text with NUL or a lone surrogate, integers past the
 * 32 bits of an `integer` column, 1e22.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => {
      // A handler that hands PostgreSQL what the edge did not check: the last line of defence.
      app.post('/api/v1/Probe/cast', { config: { tenant: false } }, async (request) => {
        const { value } = request.body as { value: string };
        await t.db.anonymous((sql) => sql.query('SELECT $1::int AS n', [value]));
        return { isSuccess: true };
      });
    },
  });
});
afterAll(async () => t?.close());

const headers = { ...tenantHeaders('songkhoe'), 'content-type': 'application/json' };
const get = (url: string, lang = 'vi') =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { ...headers, 'x-accept-language': lang } });
const post = (url: string, payload: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload });

describe('text no column can store', () => {
  it.each([
    ['/Blogs/GetAllBlogs?Title=a%00b', 'invalid_search_text'],
    ['/GlobalSearches?searchText=nguy%00en', 'invalid_search_text'],
    ['/Hospitals/GetAllHospitals?Name=%00', 'invalid_querystring_Name'],
  ])('GET %s answers 400 invalid_text with the field’s key', async (url, field) => {
    const reply = await get(url);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      isSuccess: false,
      codeMessageRespond: 'invalid_text',
      errors: [field],
    });
    expect(reply.json().message).toMatch(/ký tự không hợp lệ/);
  });

  it.each([
    [
      '/Doctors/FilterDoctors',
      '{"pageNumber":1,"pageSize":10,"searchText":"a\\u0000"}',
      'invalid_search_text',
    ],
    [
      '/Auth/Login',
      '{"userName":"demo\\u0000@x.vn","password":"Demo@123","deviceType":0}',
      'valid_email_mob',
    ],
    ['/Auth/Login', '{"userName":"demo@x.vn","password":"\\ud800","deviceType":0}', 'valid_password'],
    ['/Users/CreateUser', '{"fullName":"An \\udc00 Bình"}', 'invalid_body_fullName'],
    ['/Auth/RequestOTP', '{"items":[{"\\u0000":1}]}', 'invalid_body_items.0'],
  ])(
    'POST %s with %s answers 400 invalid_text with the field’s key (its own, else invalid_body_<field>)',
    async (url, payload, field) => {
      const reply = await post(url, payload);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ codeMessageRespond: 'invalid_text', errors: [field] });
    },
  );

  it('keeps text with a paired surrogate (an emoji) and Vietnamese marks', async () => {
    const reply = await get(`/GlobalSearches?searchText=${encodeURIComponent('Nguyễn 🙂')}`);
    expect(reply.statusCode).toBe(200);
  });

  it('answers in English when the request asks for it', async () => {
    const reply = await get('/Blogs/GetAllBlogs?Title=%00', 'en');
    expect(reply.json().message).toBe(
      'The text contains a character that is not allowed. Please type it again.',
    );
  });
});

describe('integers past the range of their column', () => {
  it.each([
    ['/Doctors/FilterDoctors', '{"pageNumber":1,"pageSize":10,"hospitals":[2147483648]}'],
    ['/Doctors/FilterDoctors', '{"pageNumber":1,"pageSize":10,"specialities":[1e22]}'],
    ['/Doctors/FilterDoctors', '{"pageNumber":1,"pageSize":10,"hospitals":[-2147483649]}'],
  ])('POST %s %s answers 400 invalid_request', async (url, payload) => {
    const reply = await post(url, payload);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().codeMessageRespond).toBe('invalid_request');
  });

  it('refuses CityId=2147483648 and takes 2147483647', async () => {
    expect((await get('/Hospitals/GetAllHospitals?CityId=2147483648')).statusCode).toBe(400);
    expect((await get('/Hospitals/GetAllHospitals?CityId=2147483647')).statusCode).toBe(200);
  });

  it('publishes the range in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const body =
      doc.paths['/api/v1/Doctors/FilterDoctors'].post.requestBody.content['application/json'].schema;
    expect(body.properties.hospitals.items).toMatchObject({ type: 'integer', maximum: 2_147_483_647 });
  });
});

describe('a data exception PostgreSQL raises all the same', () => {
  it('answers 400 invalid_request, not 500', async () => {
    const reply = await post('/Probe/cast', '{"value":"99999999999"}');
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ isSuccess: false, codeMessageRespond: 'invalid_request' });
  });
});

/** Sends `request` on a raw connection and reads everything until the server ends it. */
const rawExchange = (port: number, request: string) =>
  new Promise<{ text: string; error: string | null }>((resolve) => {
    let text = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('error', (error: NodeJS.ErrnoException) => resolve({ text, error: error.code ?? 'error' }));
    socket.on('end', () => resolve({ text, error: null }));
  });

describe('requests the HTTP parser refuses', () => {
  it('a VNPay return address past 16 KB answers 431 in the envelope and ends the connection cleanly', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const longParameter = `vnp_OrderInfo=${'Thanh+toan+lich+hen+'.repeat(1200)}`;
    const { text, error } = await rawExchange(
      port,
      `GET /api/v1/Payments/VnpayReturn?vnp_Amount=1000000&${longParameter} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
    );
    expect(error).toBeNull();
    const [head, body] = text.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(body!)).toMatchObject({ isSuccess: false, codeMessageRespond: 'request_too_large' });
  });

  it('a malformed request line answers 400 in the envelope', async () => {
    const { port } = t.app.server.address() as { port: number };
    const { text } = await rawExchange(port, 'GET /api/v1/Languages HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n');
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(text.split('\r\n\r\n')[1]!)).toMatchObject({ codeMessageRespond: 'invalid_request' });
  });
});
