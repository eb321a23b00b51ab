import type { FastifyInstance, InjectOptions } from 'fastify';
import { readdirSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { expect } from 'vitest';
import type { TestUser } from '../../server/modules/appointments/care-fixtures';
import { DEVICE_A } from '../../server/modules/accounts/test-support';
import { PDF, PNG } from '../helpers/files';

export { PDF, PNG };

/**
 * Helpers of the issue-8 security walk (health-data-walk.test.ts): the app's routes as Fastify
 * knows them (hidden ones included, parsed from `printRoutes`), which of them hold health data,
 * requests as a given user, the upload flow and tiny valid files.
 */

/** A user of one tenant (or nobody: no token) making requests. */
export interface Actor {
  tenant: string;
  user: TestUser | null;
}

export interface Reply {
  status: number;
  headers: Record<string, number | string | string[] | undefined>;
  body: string;
  raw: Buffer;
  json: any;
}

/**
 * Every route of the app as `METHOD /path` (Fastify's syntax, `:param`, `*`), HEAD and OPTIONS
 * left out, read from the full radix tree of `printRoutes()` (its `commonPrefix: false` form
 * drops wildcard routes registered in nested plugins).
 */
export function listRoutes(app: FastifyInstance): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const m = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const segment = m[2] === '(empty root node)' ? '' : m[2]!;
    const path = (stack[depth - 1] ?? '') + segment;
    stack[depth] = path;
    for (const method of (m[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD' && method !== 'OPTIONS') out.push(`${method} ${path}`);
    }
  }
  return [...new Set(out)].sort();
}

/**
 * The routes of health data: health records and results, insurance, the hospital fee guarantee, personal
 * data (consent, access log, export), object storage and appointment attachments.
 */
const ISSUE_8 = [
  /HealthRecord/i,
  /ViewFileHeath/i,
  /HealthResult/i,
  /Insurance/i,
  /HospitalBill|FeeGuarantee|Guarantee|Coverage/i,
  /HealthData|Consent|DataAccess|ExportMyData|PersonalData|MyData/i,
  /\/Storages\//,
  /\/Appointments\/(Attachments\/|GetAttachments|AddAttachments)/,
];

/** Built web files (@fastify/static lists each one as a route when dist/ exists) are not endpoints. */
const isBuiltAsset = (path: string) => path.startsWith('/assets/');

export const issue8Routes = (routes: string[]) =>
  routes.filter((r) => {
    const path = r.split(' ')[1]!;
    return !isBuiltAsset(path) && ISSUE_8.some((re) => re.test(path));
  });

/** The tags the issue-8 modules give their routes in the OpenAPI document. */
const ISSUE_8_TAGS = ['health-records', 'insurance', 'fee-guarantee', 'personal-data', 'uploads'];

/** Routes the OpenAPI document tags as health data, named like `listRoutes` (`{id}` as `:id`). */
export async function taggedRoutes(app: FastifyInstance): Promise<string[]> {
  const doc = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
    paths: Record<string, Record<string, { tags?: string[] }>>;
  };
  const out: string[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!operation.tags?.some((tag) => ISSUE_8_TAGS.includes(tag))) continue;
      out.push(`${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`);
    }
  }
  return out.filter((r) => !r.startsWith('HEAD ')).sort();
}

/** Whether a concrete URL (`/api/v1/X/12?y=1`) is an instance of a route pattern (`/api/v1/X/:id`). */
export function matchesRoute(pattern: string, method: string, url: string): boolean {
  const [m, path] = pattern.split(' ');
  if (m !== method) return false;
  const re = new RegExp(
    `^${path!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`,
  );
  return re.test(url.split('?')[0]!);
}

/** Sends a request as an actor: the tenant's headers as the web app sends them, bearer when signed in. */
export async function send(app: FastifyInstance, who: Actor, req: InjectOptions): Promise<Reply> {
  const res = await app.inject({
    ...req,
    headers: {
      companycode: who.tenant,
      host: '127.0.0.1:8080',
      'x-accept-language': 'en',
      unique: DEVICE_A,
      ...(who.user ? { authorization: `Bearer ${who.user.token}` } : {}),
      ...(req.headers ?? {}),
    },
  });
  let json: unknown = null;
  try {
    json = res.json();
  } catch {
    json = null;
  }
  return { status: res.statusCode, headers: res.headers, body: res.body, raw: res.rawPayload, json };
}

export const TEXT = Buffer.from('just some text, not a PDF at all\n');

export interface UploadFile {
  folder: string;
  type: string;
  name: string;
  bytes: Buffer;
}

/** Asks for an upload URL as `who`; the reply (grant) and the first file's URLs. */
export async function grant(app: FastifyInstance, who: Actor, file: Omit<UploadFile, 'bytes'>) {
  const res = await send(app, who, {
    method: 'POST',
    url: '/api/v1/Storages/GetUploadUrls',
    payload: { files: [{ fileType: file.type, fileName: file.name, folderName: file.folder }] },
  });
  const first = res.json?.data?.fileUploads?.[0] as { uploadUrl: string; fileHttpUrl: string } | undefined;
  return { res, uploadUrl: first?.uploadUrl, fileHttpUrl: first?.fileHttpUrl };
}

/** PUTs raw bytes to an upload URL (no app headers, as a browser or an object store client would). */
export async function put(app: FastifyInstance, uploadUrl: string, bytes: Buffer, type: string) {
  const u = new URL(uploadUrl);
  const res = await app.inject({
    method: 'PUT',
    url: `${u.pathname}${u.search}`,
    headers: { 'content-type': type },
    payload: bytes,
  });
  return res;
}

/** The whole upload flow as `who`: grant, PUT the bytes; returns the file's URL. */
export async function upload(app: FastifyInstance, who: Actor, file: UploadFile): Promise<string> {
  const g = await grant(app, who, file);
  expect(g.res.status, g.res.body).toBe(200);
  const res = await put(app, g.uploadUrl!, file.bytes, file.type);
  expect(res.statusCode, res.body).toBe(200);
  return g.fileHttpUrl!;
}

/** The file key a file URL names (`<folder>/<name>`), or the URL itself when it has none. */
export const keyOf = (fileHttpUrl: string) =>
  /\/Storages\/Files\/[^/]+\/(.+)$/.exec(new URL(fileHttpUrl).pathname)?.[1] ?? fileHttpUrl;

/** A storage key the server made: `<folder>/<uuid>.<ext>`, nothing of the client's file name. */
export const SAFE_KEY =
  /^[A-Za-z]+\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|pdf)$/;

/**
 * Where the disk driver keeps a file: `uploads/<tenant>/<folder>/<uuid>.<ext>` under DATA_DIR (and
 * a sidecar of it, such as `.type`).
 */
export const STORED_PATH =
  /^uploads\/[a-z0-9-]+\/(incoming\/)?[A-Za-z]+\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|pdf)(\.[a-z]+)?$/;

/** Every file under a directory, as paths relative to it with `/` separators. */
export function listFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)).split(path.sep).join('/'));
}

/**
 * A Content-Disposition a hostile name cannot break: one line, the quoted ASCII name without quotes
 * or backslashes, the exact name only percent-encoded in filename* (RFC 6266).
 */
export function expectSafeDisposition(value: number | string | string[] | undefined) {
  expect(typeof value).toBe('string');
  const header = value as string;
  expect(header).not.toMatch(/[\r\n\0]/);
  expect(header).toMatch(
    /^(inline|attachment); filename="[\x20-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9%!'()*._~-]+$/,
  );
  const quoted = /filename="(.*?)";/.exec(header)![1]!;
  expect(quoted).not.toMatch(/["\\]/);
}

/** A multipart/form-data request body of the given parts (file parts have a file name). */
export function multipart(
  parts: { name: string; fileName?: string; type?: string; data: Buffer | string }[],
): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = '----walkBoundary7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.fileName ? `; filename="${p.fileName}"` : ''}`;
    const type = p.fileName ? `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The text a reply shows: its body, or for a zip every entry's name and content. */
export function visibleText(reply: Reply): string {
  if (reply.raw.subarray(0, 2).toString() !== 'PK') return reply.body;
  const entries = unzipSync(new Uint8Array(reply.raw));
  return Object.entries(entries)
    .map(([name, bytes]) => `${name}\n${Buffer.from(bytes).toString('utf8')}`)
    .join('\n');
}
