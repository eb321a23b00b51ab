import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/helpers/test-app';
import { runHealthRecords } from '../../admin/commands/health-records';
import { createStorage } from '../../services/storage/index';
import { addAppointment, asOwner, createCatalogue } from '../appointments/care-fixtures';
import { consentingUser, createHealthApp, createRecord, PNG, type Client } from './test-fixtures';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Ownership and tenancy: every health-records endpoint refuses another user's ids and another
 * tenant's ids with 404 (read, change, delete, download) and changes nothing; the two new tables
 * are under the tenant's row-level security.
 */

let t: TestApp & { dataDir: string };
let owner: Client;
let sameTenant: Client;
let otherTenant: Client;
const ids = { recordId: 0, fileId: 0, appointmentId: 0, resultId: 0 };

beforeAll(async () => {
  t = await createHealthApp();
  owner = await consentingUser(t, 'songkhoe', 'owner@example.com');
  sameTenant = await consentingUser(t, 'songkhoe', 'neighbour@example.com');
  otherTenant = await consentingUser(t, 'songhong', 'owner@example.com');
  const record = (await createRecord(t, owner)).json.data;
  ids.recordId = record.healthRecordId;
  ids.fileId = record.files[0].fileId;
  const cat = await createCatalogue(t.db, 'songkhoe', 1);
  ids.appointmentId = await addAppointment(t.db, 'songkhoe', owner.user, {
    doctorId: cat.doctorIds[0]!,
    startsAt: new Date(Date.now() + 86_400_000),
  });
  await asOwner(t.db, 'songkhoe', (sql) =>
    sql.query('INSERT INTO appointment_health_records (appointment_id, health_record_id) VALUES ($1, $2)', [
      ids.appointmentId,
      ids.recordId,
    ]),
  );
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'result-')), 'xray.png');
  writeFileSync(file, PNG);
  const lines: string[] = [];
  const code = await runHealthRecords({
    db: t.db,
    registry: t.registry,
    storage: createStorage({ dataDir: t.dataDir }),
    args: ['add-result', 'songkhoe', String(ids.appointmentId), '--title', 'X-ray', '--file', file],
    print: (l) => lines.push(l),
  });
  expect(code, lines.join('\n')).toBe(0);
  ids.resultId = Number(/result (\d+)/.exec(lines.join('\n'))![1]);
}, 300_000); // a loaded machine (parallel suites on PGlite) can take minutes to start the app
afterAll(() => t?.close());

/** Every endpoint, as a request of `c` aimed at the owner's ids. */
const endpoints: [string, (c: Client) => Promise<{ status: number }>][] = [
  ['GetUserHealthRecords (owner id)', (c) => c.get(`Users/GetUserHealthRecords/${owner.user.userId}`)],
  [
    'GetUserHealthRecord (owner id)',
    (c) => c.get(`Users/GetUserHealthRecord/${owner.user.userId}/${ids.recordId}`),
  ],
  [
    'GetUserHealthRecord (own id)',
    (c) => c.get(`Users/GetUserHealthRecord/${c.user.userId}/${ids.recordId}`),
  ],
  ['ViewFileHeathRecord', (c) => c.get(`Users/ViewFileHeathRecord?id=${ids.fileId}`)],
  ['ViewFileHeathRecord download', (c) => c.get(`Users/ViewFileHeathRecord?id=${ids.fileId}&download=true`)],
  ['DeleteUserHealthRecordFile', (c) => c.del(`Users/DeleteUserHealthRecordFile?id=${ids.fileId}`)],
  ['DeleteUserHealthRecord', (c) => c.del(`Users/DeleteUserHealthRecord?id=${ids.recordId}`)],
  [
    'GetSharedHealthData',
    (c) => c.get(`Appointments/GetSharedHealthData?appointmentId=${ids.appointmentId}`),
  ],
  ['ViewFileHeathResult', (c) => c.get(`Appointments/ViewFileHeathResult?id=${ids.resultId}`)],
  ['CreateUserHealthRecord (owner patient)', (c) => createRecord(t, c, { patientId: owner.user.patientId })],
];

describe.each([
  ['another user of the tenant', () => sameTenant],
  ['a user of another tenant', () => otherTenant],
])('%s', (_label, who) => {
  it.each(endpoints)('%s answers 404', async (_name, call) => {
    const res = await call(who());
    expect(res.status).toBe(404);
  });
});

describe('after the refusals', () => {
  it('the owner still has everything and sees it', async () => {
    const record = await owner.get(`Users/GetUserHealthRecord/${owner.user.userId}/${ids.recordId}`);
    expect(record.status).toBe(200);
    expect(record.json.data.files).toHaveLength(1);
    expect((await owner.get(`Users/ViewFileHeathRecord?id=${ids.fileId}`)).status).toBe(200);
    const shared = await owner.get(`Appointments/GetSharedHealthData?appointmentId=${ids.appointmentId}`);
    expect(shared.json.data.healthRecords.map((r: { healthRecordId: number }) => r.healthRecordId)).toEqual([
      ids.recordId,
    ]);
    expect(shared.json.data.results.map((r: { title: string }) => r.title)).toEqual(['X-ray']);
    const result = await owner.get(`Appointments/ViewFileHeathResult?id=${ids.resultId}`);
    expect([result.status, result.headers['content-type']]).toEqual([200, 'image/png']);
    expect(result.body.equals(PNG)).toBe(true);
  });

  it('the owner’s token does not work on another tenant', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/Users/GetUserHealthRecords/${owner.user.userId}`,
      headers: {
        companycode: 'songhong',
        host: '127.0.0.1:8080',
        authorization: `Bearer ${owner.user.token}`,
      },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('row-level security', () => {
  it.each(['health_record_files', 'appointment_results'])(
    '%s: another tenant reads and changes none',
    async (table) => {
      const mine = await t.db.tenant('songkhoe', (sql) =>
        sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`),
      );
      expect(mine.rows[0]!.n).toBeGreaterThan(0);
      const theirs = await t.db.tenant('songhong', (sql) =>
        sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`),
      );
      expect(theirs.rows[0]!.n).toBe(0);
      const changed = await t.db.tenant('songhong', (sql) =>
        sql.query(`UPDATE ${table} SET file_name = 'x' RETURNING 1`),
      );
      expect(changed.rows).toHaveLength(0);
      const deleted = await t.db.tenant('songhong', (sql) => sql.query(`DELETE FROM ${table} RETURNING 1`));
      expect(deleted.rows).toHaveLength(0);
      const none = await t.db
        .tenant('', (sql) => sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))
        .catch(() => ({ rows: [{ n: 0 }] }));
      expect(none.rows[0]!.n).toBe(0);
    },
  );

  it('a row cannot be written into another tenant', async () => {
    await expect(
      t.db.tenant('songhong', (sql) =>
        sql.query(
          `INSERT INTO health_record_files (tenant_id, health_record_id, file_key, file_name, content_type, size_bytes)
           VALUES ('songkhoe', $1, 'HealthRecords/x.png', 'x.png', 'image/png', 1)`,
          [ids.recordId],
        ),
      ),
    ).rejects.toThrow();
  });
});
