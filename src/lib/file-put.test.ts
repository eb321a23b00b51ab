import { describe, expect, it } from 'vitest';
import { fakeApi, type FakeAnswer } from '../test/fake-api';
import en from './i18n/en.json';
import viMessages from './i18n/vi.json';
import { putFile } from './file-put';

/** The upload URL's server (an object store, or the app's own route) as the browser meets it. */
const store = (answer: () => FakeAnswer) => fakeApi(answer);

const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'scan.png', { type: 'image/png' });
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'sent',
    (error: Error) => error.message,
  );
const xml = (status: number, code: string) =>
  new Response(`<?xml version="1.0"?><Error><Code>${code}</Code></Error>`, {
    status,
    headers: { 'content-type': 'application/xml' },
  });

describe('putFile', () => {
  it('a store that cannot be reached or fails says storage_unavailable, in both languages', async () => {
    store(() => 'network');
    expect(await failureOf(putFile('https://s3.example/put', file, 'upload_failed'))).toBe(
      'storage_unavailable',
    );
    store(() => xml(503, 'SlowDown'));
    expect(await failureOf(putFile('https://s3.example/put', file, 'upload_failed'))).toBe(
      'storage_unavailable',
    );
    expect(en.storage_unavailable).toMatch(/unreachable/);
    expect(viMessages.storage_unavailable).toMatch(/không truy cập được/);
  });

  it("keeps the app's own message key, and the caller's fallback for another refusal", async () => {
    store(() => Response.json({ errors: ['invalid_file_type'] }, { status: 400 }));
    expect(await failureOf(putFile('/api/v1/Storages/Upload/x/y', file, 'upload_failed'))).toBe(
      'invalid_file_type',
    );
    store(() => Response.json({ codeMessageRespond: 'storage_unavailable' }, { status: 503 }));
    expect(await failureOf(putFile('/api/v1/Storages/Upload/x/y', file, 'upload_failed'))).toBe(
      'storage_unavailable',
    );
    // An expired or tampered presigned URL: the store's 403 has no key of ours.
    store(() => xml(403, 'AccessDenied'));
    expect(await failureOf(putFile('https://s3.example/put', file, 'upload_failed'))).toBe('upload_failed');
  });

  it('answers the body of a stored file', async () => {
    store(() => Response.json({ data: { fileHttpUrl: 'https://app.example/f.png' } }));
    expect(await putFile('/api/v1/Storages/Upload/x/y', file, 'upload_failed')).toEqual({
      data: { fileHttpUrl: 'https://app.example/f.png' },
    });
    store(() => new Response(null, { status: 200 }));
    expect(await putFile('https://s3.example/put', file, 'upload_failed')).toBeNull();
  });
});
