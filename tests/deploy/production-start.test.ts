import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../../scripts/web-build';
import { startTestS3, type TestS3 } from '../../server/services/storage/s3-test-server';
import { databaseUrl, withAdmin } from '../helpers/db-snapshot';
import type { ServerProcess } from '../load/server-process';
import { addPatient, book, freeSlots, signIn } from '../scale/cluster-world';
import { healthcheckCommand, parseDockerfile, productionCommand } from './dockerfile';
import { installImage } from './image-install';

/**
 * The image's exact start command (its CMD and ENV) run on this machine as the container would,
 * in the image's /app made here (image-install.ts: the files the Dockerfile copies, installed with
 * `npm ci --omit=dev`, so a runtime package left among the dev dependencies fails here too):
 * NODE_ENV=production on a fresh database of the machine's PostgreSQL, Redis, S3-compatible
 * storage (the project's s3rver), a 40-character JWT_SECRET and DATA_DIR in a temporary folder.
 * Only the ports are chosen free (a container maps them). Production seeds nothing: one tenant's
 * content comes from the operator's seed command, run in the same folder.
 */
const ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = { host: '127.0.0.1', port: 6379 };

const reachable = (port: number, host: string) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ port, host, timeout: 1000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
const postgresUp = await withAdmin(ADMIN_URL, (c) => c.query('SELECT 1')).then(
  () => true,
  () => false,
);
if (!postgresUp && process.env.CI) throw new Error(`PostgreSQL is not reachable at ${ADMIN_URL}`);
if (!postgresUp) console.warn(`SKIPPED production start: no PostgreSQL at ${ADMIN_URL}`);
const redisUp = await reachable(REDIS.port, REDIS.host);
if (!redisUp) console.warn('production start runs without REDIS_URL: no Redis at 127.0.0.1:6379');

/** The data block of a server-rendered page (a failed render sends the loading shell without it). */
const RENDERED = '<script type="application/json" id="sk-state">';

/** Text as React writes it into HTML (the characters it escapes). */
const htmlText = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request with a chosen Host header (fetch does not let a caller set it). */
const request = (port: number, pathName: string, host: string, body?: unknown) =>
  new Promise<Reply>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: pathName,
        method: payload ? 'POST' : 'GET',
        headers: {
          host,
          'x-forwarded-proto': 'https',
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });

const work = mkdtempSync(path.join(tmpdir(), 'sk-deploy-start-'));
const dirs = { data: path.join(work, 'data'), tmp: path.join(work, 'tmp'), home: path.join(work, 'home') };
/** The image's WORKDIR. */
const app = path.join(work, 'app');
/** The tenant the seed command fills (songhong stays empty, as production leaves it). */
const SEEDED = { code: 'songkhoe', host: 'songkhoe.example-platform.vn' };
const database = `sk_deploy_${randomBytes(6).toString('hex')}`;
let s3: TestS3 | undefined;
let child: ChildProcess | undefined;
let env: Record<string, string> = {};
let port = 0;
let metricsPort = 0;
let output = '';
let stdout = '';
let seedOutput = '';

describe.skipIf(!postgresUp)('the production start command of deploy/Dockerfile', () => {
  beforeAll(async () => {
    // The image builds the web app in its build stage; here, when dist/ is missing or stale.
    if (buildWebIfStale() !== 0) throw new Error('npm run build failed');
    for (const dir of [...Object.values(dirs), app]) mkdirSync(dir);
    const { installSeconds } = installImage(app);
    console.log(`npm ci --omit=dev: ${installSeconds.toFixed(1)} s`);
    await withAdmin(ADMIN_URL, (admin) => admin.query(`CREATE DATABASE ${database}`));
    s3 = await startTestS3('songkhoe-deploy');
    port = await freePort();
    metricsPort = await freePort();
    const image = productionCommand();
    // A container's environment: the image's ENV and what the operator passes, nothing of ours.
    env = {
      PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
      HOME: dirs.home,
      TMPDIR: dirs.tmp,
      ...image.env,
      NODE_ENV: 'production',
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      DATA_DIR: dirs.data,
      DATABASE_URL: databaseUrl(ADMIN_URL, database),
      ...(redisUp ? { REDIS_URL: `redis://${REDIS.host}:${REDIS.port}` } : {}),
      JWT_SECRET: randomBytes(20).toString('hex'),
      ...s3.env,
    };
    expect(env.JWT_SECRET).toHaveLength(40);
    const [command, ...args] = image.argv;
    child = spawn(command === 'node' ? process.execPath : command!, args, { cwd: app, env, stdio: 'pipe' });
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      stdout += chunk.toString();
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

    const deadline = Date.now() + 50_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
      const ready = await request(port, '/readyz', 'localhost').then(
        (r) => r.status === 200,
        () => false,
      );
      if (ready) break;
      if (Date.now() > deadline) throw new Error(`not ready in 50 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // The operator's seed command, in the image (its scripts/ folder), against the running server's
    // database: a few doctors with a week of slots, the blog, the demo patient.
    const seed = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/seed.ts', '--tenant', SEEDED.code, '--doctors', '4', '--days', '7'],
      { cwd: app, env, encoding: 'utf8', timeout: 120_000 },
    );
    seedOutput = `${seed.stdout}${seed.stderr}`;
    if (seed.status !== 0) throw new Error(`seed failed:\n${seedOutput}`);
  }, 360_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    await s3?.stop();
    await withAdmin(ADMIN_URL, (admin) => admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    rmSync(work, { recursive: true, force: true });
  });

  it('is ready on PostgreSQL with every migration applied at start', async () => {
    const ready = await request(port, '/readyz', 'localhost');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toMatchObject({ database: 'postgres' });
    const { rows } = await withAdmin(databaseUrl(ADMIN_URL, database), (c) =>
      c.query<{ n: string }>('SELECT count(*) AS n FROM schema_migrations'),
    );
    expect(Number(rows[0]!.n)).toBeGreaterThan(0);
  });

  it("passes the image's own HEALTHCHECK command", () => {
    const [command, ...args] = healthcheckCommand(parseDockerfile().at(-1)!);
    const check = spawnSync(command === 'node' ? process.execPath : command!, args, {
      cwd: app,
      env,
      timeout: 10_000,
    });
    expect(check.status).toBe(0);
  });

  it("serves a tenant's home page on its platform subdomain and on its custom domain", async () => {
    for (const host of ['songhong.example-platform.vn', 'benhviensonghong.example']) {
      const page = await request(port, '/', host);
      expect(page.status, host).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('Sông Hồng');
      expect(page.headers['strict-transport-security']).toMatch(/max-age=/);
    }
  });

  it('answers the API for the tenant the Host names (an empty catalogue: production seeds nothing)', async () => {
    const host = 'songhong.example-platform.vn';
    const doctors = await request(port, '/api/v1/Doctors/FilterDoctors', host, {
      pageNumber: 1,
      pageSize: 5,
    });
    expect(doctors.status).toBe(200);
    expect(JSON.parse(doctors.body)).toMatchObject({ isSuccess: true, data: { doctors: [] } });
    const boot = await request(port, '/api/v1/Tenants/Boot', host);
    expect(boot.status).toBe(200);
    expect(JSON.parse(boot.body).data.environment).toBe('production');
  });

  it("serves the seeded tenant's blog detail page (sanitized at run time, by jsdom)", async () => {
    const list = await request(port, '/api/v1/Blogs/GetAllBlogs?PageNumber=1&PageSize=1', SEEDED.host);
    expect(list.status, list.body).toBe(200);
    const blog = (JSON.parse(list.body) as { data: { blogs: { blogId: number; title: string }[] } }).data
      .blogs[0];
    expect(blog, seedOutput).toBeDefined();
    const api = await request(port, `/api/v1/Blogs/GetBlog/${blog!.blogId}`, SEEDED.host);
    expect(api.status, `${api.body}\n${output}`).toBe(200);
    expect(JSON.parse(api.body).data.contentHtml).toMatch(/<p>/);
    const page = await request(port, `/blog/blog-detail/${blog!.blogId}`, SEEDED.host);
    expect(page.status, output).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain(htmlText(blog!.title));
    expect(page.body, `not server-rendered:\n${output}`).toContain(RENDERED);
  });

  it("serves a seeded doctor's page", async () => {
    const list = await request(port, '/api/v1/Doctors/FilterDoctors', SEEDED.host, {
      pageNumber: 1,
      pageSize: 1,
    });
    const doctor = (JSON.parse(list.body) as { data: { doctors: { doctorId: number; fullName: string }[] } })
      .data.doctors[0];
    expect(doctor, list.body).toBeDefined();
    const page = await request(port, `/doctor-details/${doctor!.doctorId}`, SEEDED.host);
    expect(page.status, output).toBe(200);
    expect(page.body).toContain(htmlText(doctor!.fullName));
    expect(page.body, `not server-rendered:\n${output}`).toContain(RENDERED);
  });

  it('books a seeded slot for the signed-in demo patient (MakeAppointment)', async () => {
    const server: ServerProcess = {
      url: `http://127.0.0.1:${port}`,
      child: child!,
      stop: async () => undefined,
    };
    const token = await signIn(server);
    const patientId = await addPatient(server, token, 'Trần Thị Mai');
    const [body] = await freeSlots(server, patientId, 1);
    expect(body, 'a free slot of a seeded doctor').toBeDefined();
    const booked = await book(server, token, body!, randomBytes(8).toString('hex'));
    expect(booked.status, JSON.stringify(booked.json)).toBe(200);
    expect(booked.json.data.appointmentId).toBeGreaterThan(0);
  });

  it('serves Prometheus metrics on METRICS_PORT only, never on the public port', async () => {
    const publicMetrics = await request(port, '/metrics', 'songhong.example-platform.vn');
    expect(publicMetrics.body).not.toMatch(/^# (HELP|TYPE) /m);
    const scraped = await request(metricsPort, '/metrics', `127.0.0.1:${metricsPort}`).catch(() => null);
    expect(scraped?.status, output).toBe(200);
    expect(scraped!.body).toMatch(/^http_requests_total\{/m);
  });

  it('exits 0 on SIGTERM, having written nothing under DATA_DIR or HOME (S3 holds the files)', async () => {
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    child!.kill('SIGTERM');
    const code = await Promise.race([
      exited,
      new Promise((resolve) => setTimeout(() => resolve('timeout'), 30_000)),
    ]);
    expect(code, output).toBe(0);
    expect(readdirSync(dirs.data)).toEqual([]);
    expect(readdirSync(dirs.home)).toEqual([]);
    // The logs (stdout) are JSON lines (pino), none at level error or fatal.
    const lines = stdout.split('\n').filter((l) => l.trim());
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const entry = JSON.parse(line) as { level: number };
      expect(entry.level, line).toBeLessThan(50);
    }
  });
});
