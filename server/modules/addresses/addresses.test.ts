import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { createUser, onTenant } from '../accounts/test-support';
import { loadUserAddress } from './index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DEVICE = '3f1c1f6e-7a0b-4c55-9a57-2b1f0d7c9e11';
let counter = 0;

async function account(tenant = 'songkhoe') {
  counter += 1;
  const userId = await createUser(t.db, tenant, { email: `a${counter}@example.com` });
  const token = await t.app.issueAccessToken({ userId, tenant, deviceId: DEVICE });
  const send = async (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) => {
    const res = await t.app.inject({
      method,
      url: `/api/v1/${path}`,
      headers: { companycode: tenant, host: '127.0.0.1:8080', authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: res.statusCode, json: res.json() };
  };
  return {
    userId,
    tenant,
    get: (path: string) => send('GET', path),
    post: (path: string, body: unknown) => send('POST', path, body),
    del: (path: string) => send('DELETE', path),
  };
}

const HANOI = { addressLine: '12 Phố Kim Mã', provinceCode: '01', wardCode: '00004' }; // Phường Ba Đình
const SAIGON = { addressLine: '88 Lê Lợi', provinceCode: '79', wardCode: '26740' }; // Phường Sài Gòn

const anonymous = (path: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/${path}`, headers: { companycode: 'songkhoe' } });

describe('administrative units (since 1 July 2025)', () => {
  it('lists the 34 provinces and the wards of one, from the pinned reference tables', async () => {
    const provinces = (await anonymous('AdminUnits/GetProvinces')).json().data;
    expect(provinces).toHaveLength(34);
    expect(provinces).toContainEqual({ code: '01', name: 'Thành phố Hà Nội', kind: 'Thành phố Trung Ương' });
    const wards = (await anonymous('AdminUnits/GetWards?provinceCode=01')).json().data;
    expect(wards.length).toBeGreaterThan(100);
    expect(wards).toContainEqual({ code: '00004', name: 'Phường Ba Đình', kind: 'Phường' });
    const counts = await t.db.anonymous((sql) =>
      sql.query<{ wards: number; legacy: number }>(
        `SELECT (SELECT count(*)::int FROM admin_units WHERE level = 'ward') AS wards,
                (SELECT count(*)::int FROM admin_unit_legacy_wards) AS legacy`,
      ),
    );
    expect(counts.rows[0]).toEqual({ wards: 3321, legacy: expect.any(Number) });
    expect(counts.rows[0]!.legacy).toBeGreaterThan(10_000);
    expect((await anonymous('AdminUnits/GetWards?provinceCode=02')).statusCode).toBe(404);
    expect((await anonymous('AdminUnits/GetWards?provinceCode=x')).statusCode).toBe(400);
  });

  it('lets the app role read the unit tables but not change them', async () => {
    for (const statement of [
      `DELETE FROM admin_units`,
      `UPDATE admin_units SET name = 'x' WHERE code = '01'`,
      `INSERT INTO admin_unit_legacy_wards (old_ward_name, old_district_name, old_province_name,
         old_ward_folded, old_district_folded, old_province_folded, new_ward_code)
       VALUES ('a', 'b', 'c', 'a', 'b', 'c', '00004')`,
    ]) {
      await expect(t.db.tenant('songkhoe', (sql) => sql.query(statement))).rejects.toThrow(
        /permission denied/,
      );
    }
  });
});

describe('user addresses', () => {
  it('adds, lists, updates and deletes addresses in the current units', async () => {
    const a = await account();
    const first = await a.post('Users/AddUserAddress', { ...HANOI, fullName: 'Lê An', phone: '0912345678' });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.data).toMatchObject({
      userId: a.userId,
      provinceName: 'Thành phố Hà Nội',
      wardName: 'Phường Ba Đình',
      isDefault: true,
      legacy: null,
      text: '12 Phố Kim Mã, Phường Ba Đình, Thành phố Hà Nội',
    });
    const second = await a.post('Users/AddUserAddress', SAIGON);
    expect(second.json.data.isDefault).toBe(false);
    const list = await a.get(`Users/GetUserAddresses/${a.userId}`);
    expect(list.json.data.map((x: { addressId: number }) => x.addressId)).toEqual([
      first.json.data.addressId,
      second.json.data.addressId,
    ]);
    const moved = await a.post('Users/UpdateUserAddress', {
      addressId: second.json.data.addressId,
      ...SAIGON,
      addressLine: '1 Nguyễn Huệ',
      isDefault: true,
    });
    expect(moved.json.data).toMatchObject({
      isDefault: true,
      text: '1 Nguyễn Huệ, Phường Sài Gòn, Thành phố Hồ Chí Minh',
    });
    const after = await a.get(`Users/GetUserAddresses/${a.userId}`);
    expect(after.json.data.filter((x: { isDefault: boolean }) => x.isDefault)).toHaveLength(1);
    // Deleting the default makes the remaining one the default; a patient using it loses it.
    const patient = await a.post('Patients/AddPatient', {
      fullName: 'Lê Bình',
      gender: 'M',
      dateOfBirth: '2015-06-01',
      relationId: 5,
      addressId: second.json.data.addressId,
    });
    expect(patient.json.data.addressText).toBe('1 Nguyễn Huệ, Phường Sài Gòn, Thành phố Hồ Chí Minh');
    expect((await a.del(`Users/DeleteUserAddress?id=${second.json.data.addressId}`)).status).toBe(200);
    const left = (await a.get(`Users/GetUserAddresses/${a.userId}`)).json.data;
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ addressId: first.json.data.addressId, isDefault: true });
    const p = await a.get(`Patients/GetPatient/${patient.json.data.patientId}`);
    expect(p.json.data).toMatchObject({ addressId: null, addressText: null });
    // Soft delete: the row stays for appointments that used it.
    const rows = await onTenant(t.db, 'songkhoe', 'SELECT 1 FROM user_addresses WHERE address_id = $1', [
      second.json.data.addressId,
    ]);
    expect(rows).toHaveLength(1);
    await t.db.tenant('songkhoe', async (sql) => {
      expect(await loadUserAddress(sql, a.userId, second.json.data.addressId)).toBeNull();
      expect(await loadUserAddress(sql, a.userId, first.json.data.addressId)).toEqual({
        addressId: first.json.data.addressId,
        text: '12 Phố Kim Mã, Phường Ba Đình, Thành phố Hà Nội',
      });
    });
  });

  it('stores a phone typed with spaces or +84 in its national form', async () => {
    const a = await account();
    const added = await a.post('Users/AddUserAddress', { ...HANOI, phone: '+84 912 345 678' });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    expect(added.json.data.phone).toBe('0912345678');
    const updated = await a.post('Users/UpdateUserAddress', {
      ...HANOI,
      addressId: added.json.data.addressId,
      phone: '0912.345.679',
    });
    expect(updated.json.data.phone).toBe('0912345679');
  });

  it('refuses a ward of another province, unknown units and bad input with message keys', async () => {
    const a = await account();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...HANOI, wardCode: '26740' }, 'ward_not_in_province'],
      [{ ...HANOI, provinceCode: '02' }, 'select_province'],
      [{ ...HANOI, provinceCode: '00004', wardCode: '00004' }, 'select_province'],
      [{ ...HANOI, wardCode: '99999' }, 'select_ward'],
      [{ ...HANOI, wardCode: '01' }, 'select_ward'],
      [{ ...HANOI, addressLine: '  ' }, 'valid_address'],
      [{ ...HANOI, phone: '12' }, 'must_be_bw_7_to_15'],
      [{ provinceCode: '01', wardCode: '00004' }, 'valid_address'],
    ];
    for (const [body, key] of cases) {
      const res = await a.post('Users/AddUserAddress', body);
      expect(res.status, `${JSON.stringify(body)} -> ${JSON.stringify(res.json)}`).toBe(400);
      expect(JSON.stringify(res.json.errors ?? res.json.codeMessageRespond)).toContain(key);
    }
    const id = (await a.post('Users/AddUserAddress', HANOI)).json.data.addressId;
    const bad = await a.post('Users/UpdateUserAddress', { addressId: id, ...HANOI, wardCode: '26740' });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual(['ward_not_in_province']);
    const none = await onTenant(t.db, 'songkhoe', 'SELECT 1 FROM user_addresses WHERE user_id = $1', [
      a.userId,
    ]);
    expect(none).toHaveLength(1);
  });

  it('still shows an address stored with the old three levels, and offers its new ward', async () => {
    const a = await account();
    const [row] = await onTenant<{ address_id: number }>(
      t.db,
      'songkhoe',
      `INSERT INTO user_addresses (user_id, address_line, legacy_ward, legacy_district, legacy_province)
       VALUES ($1, '5 Quang Trung', 'Phường 12', 'Quận Gò Vấp', 'Thành phố Hồ Chí Minh') RETURNING address_id`,
      [a.userId],
    );
    const id = row!.address_id;
    const list = (await a.get(`Users/GetUserAddresses/${a.userId}`)).json.data;
    expect(list[0]).toMatchObject({
      addressId: id,
      provinceCode: null,
      wardCode: null,
      text: '5 Quang Trung, Phường 12, Quận Gò Vấp, Thành phố Hồ Chí Minh',
      legacy: {
        ward: 'Phường 12',
        district: 'Quận Gò Vấp',
        province: 'Thành phố Hồ Chí Minh',
        newWardCode: '26882',
        newProvinceCode: '79',
      },
    });
    await t.db.tenant('songkhoe', async (sql) => {
      expect((await loadUserAddress(sql, a.userId, id))?.text).toBe(
        '5 Quang Trung, Phường 12, Quận Gò Vấp, Thành phố Hồ Chí Minh',
      );
    });
    // Updating it moves it to the current units.
    const upd = await a.post('Users/UpdateUserAddress', {
      addressId: id,
      addressLine: '5 Quang Trung',
      provinceCode: '79',
      wardCode: '26882',
    });
    expect(upd.json.data, JSON.stringify(upd.json)).toMatchObject({
      legacy: null,
      wardName: 'Phường An Hội Tây',
    });
  });

  it('answers 404 for another user’s or another tenant’s addresses, on every endpoint', async () => {
    const owner = await account();
    const stranger = await account();
    const abroad = await account('songhong');
    const id = (await owner.post('Users/AddUserAddress', HANOI)).json.data.addressId;
    for (const who of [stranger, abroad]) {
      expect((await who.get(`Users/GetUserAddresses/${owner.userId}`)).status).toBe(404);
      expect((await who.post('Users/UpdateUserAddress', { addressId: id, ...HANOI })).status).toBe(404);
      expect((await who.del(`Users/DeleteUserAddress?id=${id}`)).status).toBe(404);
      expect((await who.get(`Users/GetUserAddresses/${who.userId}`)).json.data).toEqual([]);
      await t.db.tenant(who.tenant, async (sql) => {
        expect(await loadUserAddress(sql, who.userId, id)).toBeNull();
      });
    }
    expect((await owner.get(`Users/GetUserAddresses/${owner.userId}`)).json.data).toHaveLength(1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Users/AddUserAddress',
      headers: { companycode: 'songkhoe' },
      payload: HANOI,
    });
    expect(res.statusCode).toBe(401);
  });
});
