import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../config/env';
import { createStorage, LocalDiskStorage, S3Storage } from './index';

const JWT_SECRET = 'test-secret-test-secret-test-secret-0123';
const env = (vars: Record<string, string>) =>
  loadEnv({ JWT_SECRET, DATA_DIR: '/tmp/sk-create-storage', ...vars });

describe('createStorage', () => {
  it('uses the disk outside production unless S3 is configured', () => {
    expect(createStorage(env({ NODE_ENV: 'development' }))).toBeInstanceOf(LocalDiskStorage);
    const s3 = createStorage(env({ NODE_ENV: 'test', S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:9000' }));
    expect(s3).toBeInstanceOf(S3Storage);
    expect(s3.publicOrigin).toBe('http://127.0.0.1:9000');
    expect(
      createStorage(
        env({
          S3_BUCKET: 'b',
          S3_ENDPOINT: 'http://minio:9000',
          S3_PUBLIC_ENDPOINT: 'https://files.example',
        }),
      ).publicOrigin,
    ).toBe('https://files.example');
    expect(createStorage(env({ S3_BUCKET: 'b', STORAGE_DRIVER: 'disk' }))).toBeInstanceOf(LocalDiskStorage);
  });

  it('in production depends on no embedded default: S3 settings or STORAGE_DRIVER=disk, else no start', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://x/y' };
    expect(() => createStorage(env(production))).toThrow(/S3_BUCKET.*STORAGE_DRIVER=disk/);
    expect(() => createStorage(env({ ...production, STORAGE_DRIVER: 's3' }))).toThrow(/S3_BUCKET/);
    expect(createStorage(env({ ...production, STORAGE_DRIVER: 'disk' }))).toBeInstanceOf(LocalDiskStorage);
    expect(
      createStorage(env({ ...production, S3_BUCKET: 'b', S3_REGION: 'ap-southeast-1' })).publicOrigin,
    ).toBe('https://b.s3.ap-southeast-1.amazonaws.com');
  });

  it('refuses a storage driver it does not know', () => {
    expect(() => env({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER/);
  });
});
