import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { S3Storage } from './s3';

/**
 * For tests only: a real S3-compatible server (@20minutes/s3rver, which checks SigV4 signatures
 * and expiry as S3 does) on a free loopback port, files in a temporary folder, one bucket, and
 * an `S3Storage` on it. Never list objects against it (its ListObjects fails signature checks).
 */
interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
  httpServer?: Server;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverClass;

export interface TestS3 {
  endpoint: string;
  bucket: string;
  storage: S3Storage;
  /** The S3 environment of this server, for `createStorage` / `createTestApp`. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * s3rver 4.0.4 canonicalizes query values with encodeURIComponent, while S3 and the SDK use
 * RFC 3986 (which also encodes ! ' ( ) *): a presigned GET whose response-content-disposition
 * holds `filename*=UTF-8''...` would fail there and nowhere else. While a test server runs,
 * encodeURIComponent encodes those five too (a stricter encoding, valid wherever the other is).
 */
const plainEncode = globalThis.encodeURIComponent;
const rfc3986Encode = (value: string | number | boolean) =>
  plainEncode(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
let running = 0;

export async function startTestS3(bucket = 'songkhoe-test'): Promise<TestS3> {
  if (running++ === 0) globalThis.encodeURIComponent = rfc3986Encode;
  const directory = mkdtempSync(path.join(tmpdir(), 'sk-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's one account.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const storage = new S3Storage({
    bucket,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    ...credentials,
  });
  return {
    endpoint,
    bucket,
    storage,
    env: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: async () => {
      storage.destroy();
      server.httpServer?.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
      if (--running === 0) globalThis.encodeURIComponent = plainEncode;
    },
  };
}
