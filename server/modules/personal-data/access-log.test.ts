import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { onTenant } from '../accounts/test-support';
import { logDataAccess, selfActor, type DataAccess } from './index';
import { signedIn } from './test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LOG = 'Users/GetDataAccessLog';
const log = (tenant: string, entry: DataAccess) => t.db.tenant(tenant, (sql) => logDataAccess(sql, entry));

/** A family member of a user (as the owner, the tenant set). */
async function familyMember(tenant: string, userId: number, fullName: string): Promise<number> {
  return t.db.owner(async (sql) => {
    await sql.query(`SELECT set_config('app.tenant_id', $1, true)`, [tenant]);
    const { rows } = await sql.query<{ patient_id: number }>(
      'INSERT INTO patients (user_id, full_name) VALUES ($1, $2) RETURNING patient_id',
      [userId, fullName],
    );
    return Number(rows[0]!.patient_id);
  });
}

describe('data access log', () => {
  it("lists the caller's own reads, newest first, paged, with the family member named", async () => {
    const me = await signedIn(t);
    const other = await signedIn(t);
    const mai = await familyMember('songkhoe', me.userId, 'Trần Thị Mai');
    await log('songkhoe', {
      userId: me.userId,
      actor: selfActor(me.userId),
      action: 'view',
      resource: 'health_record',
      resourceId: 7,
    });
    await log('songkhoe', {
      userId: me.userId,
      patientId: mai,
      actor: { kind: 'doctor', userId: 99, label: 'BS. Lê Văn Bình' },
      action: 'download',
      resource: 'health_record_file',
      resourceId: 8,
      resourceLabel: 'Xét nghiệm máu 2025',
    });
    await log('songkhoe', {
      userId: other.userId,
      actor: selfActor(other.userId),
      action: 'view',
      resource: 'insurance_claim',
    });

    const page = await me.get(`${LOG}?PageNumber=1&PageSize=1`);
    expect(page.status).toBe(200);
    expect(page.json.data.pagination).toEqual({ pageNumber: 1, pageSize: 1, totalRecords: 2 });
    expect(page.json.data.entries).toEqual([
      {
        accessId: expect.any(Number),
        at: expect.stringMatching(/Z$/),
        actor: { kind: 'doctor', label: 'BS. Lê Văn Bình' },
        action: 'download',
        resource: { kind: 'health_record_file', id: 8, label: 'Xét nghiệm máu 2025' },
        patient: { patientId: mai, fullName: 'Trần Thị Mai' },
        appointment: null,
      },
    ]);
    const second = await me.get(`${LOG}?PageNumber=2&PageSize=1`);
    expect(second.json.data.entries.map((e: { resource: { kind: string } }) => e.resource.kind)).toEqual([
      'health_record',
    ]);
    expect(second.json.data.pagination.totalRecords).toBe(2);
    const beyond = await me.get(`${LOG}?PageNumber=9&PageSize=1`);
    expect(beyond.json.data).toEqual({
      entries: [],
      pagination: { pageNumber: 9, pageSize: 1, totalRecords: 2 },
    });
    // Reading the log is not logged.
    expect((await me.get(LOG)).json.data.pagination.totalRecords).toBe(2);
    // The other user sees only their own row.
    const theirs = await other.get(LOG);
    expect(theirs.json.data.entries).toHaveLength(1);
    expect(theirs.json.data.entries[0].resource.kind).toBe('insurance_claim');
  });

  it("another tenant's rows are invisible (RLS)", async () => {
    const there = await signedIn(t, 'songhong');
    await log('songhong', {
      userId: there.userId,
      actor: selfActor(there.userId),
      action: 'view',
      resource: 'fee_guarantee',
    });
    expect((await there.get(LOG)).json.data.pagination.totalRecords).toBe(1);
    expect(
      await onTenant(t.db, 'songkhoe', 'SELECT 1 FROM data_access_log WHERE user_id = $1', [there.userId]),
    ).toEqual([]);
    const songkhoeCount = await onTenant<{ n: number }>(
      t.db,
      'songkhoe',
      "SELECT count(*)::int AS n FROM data_access_log WHERE tenant_id = 'songhong'",
    );
    expect(songkhoeCount).toEqual([{ n: 0 }]);
    expect((await there.get(LOG, 'vi')).json.data.entries[0].resource.kind).toBe('fee_guarantee');
  });

  it('the application role can add rows but never change or remove them', async () => {
    const me = await signedIn(t);
    await log('songkhoe', {
      userId: me.userId,
      actor: selfActor(me.userId),
      action: 'view',
      resource: 'health_record',
    });
    await expect(
      onTenant(t.db, 'songkhoe', "UPDATE data_access_log SET actor_label = 'x' WHERE user_id = $1", [
        me.userId,
      ]),
    ).rejects.toThrow(/permission denied/);
    await expect(
      onTenant(t.db, 'songkhoe', 'DELETE FROM data_access_log WHERE user_id = $1', [me.userId]),
    ).rejects.toThrow(/permission denied/);
    expect((await me.get(LOG)).json.data.entries[0].actor).toEqual({ kind: 'self', label: 'self' });
  });
});
