import { addressText, foldName } from '../../../schemas/admin-units';
import type { AddressRequest, AdminUnit, UserAddress } from '../../../schemas/patients';
import type { Sql } from '../../db/database';

/** A user_addresses row with the names of its current units (admin_units, migration 011). */
interface AddressRow {
  address_id: number;
  user_id: number;
  full_name: string;
  phone: string;
  address_line: string;
  province_code: string | null;
  province_name: string | null;
  ward_code: string | null;
  ward_name: string | null;
  legacy_ward: string | null;
  legacy_district: string | null;
  legacy_province: string | null;
  is_default: boolean;
}

const SELECT_ADDRESS = `
  SELECT a.address_id, a.user_id, a.full_name, a.phone, a.address_line, a.province_code,
         p.name AS province_name, a.ward_code, w.name AS ward_name, a.legacy_ward,
         a.legacy_district, a.legacy_province, a.is_default
    FROM user_addresses a
    LEFT JOIN admin_units p ON p.code = a.province_code
    LEFT JOIN admin_units w ON w.code = a.ward_code`;

const isLegacy = (row: AddressRow) =>
  row.ward_code === null && (row.legacy_ward ?? row.legacy_district ?? row.legacy_province) !== null;

/** The one-line text of an address: line, ward, [district], province. */
function textOf(row: AddressRow): string {
  return isLegacy(row)
    ? addressText({
        addressLine: row.address_line,
        wardName: row.legacy_ward,
        districtName: row.legacy_district,
        provinceName: row.legacy_province,
      })
    : addressText({
        addressLine: row.address_line,
        wardName: row.ward_name,
        provinceName: row.province_name,
      });
}

// 'Phường 12' / 'Quận Gò Vấp' / 'Thành phố Hồ Chí Minh' and 'Gò Vấp' / 'TP Hồ Chí Minh' alike.
const UNIT_PREFIX = '^(thanh pho|tp\\.?|tinh|quan|huyen|thi xa|thi tran|phuong|xa|dac khu) +';
const bare = (name: string | null) => foldName(name).replace(new RegExp(UNIT_PREFIX), '');

/** The current ward an old (ward, district, province) became, from the 2025 mapping table. */
async function legacyMapping(sql: Sql, row: AddressRow) {
  if (!row.legacy_ward || !row.legacy_province) return null;
  const { rows } = await sql.query<{ new_ward_code: string; province_code: string }>(
    `SELECT l.new_ward_code, w.province_code
       FROM admin_unit_legacy_wards l JOIN admin_units w ON w.code = l.new_ward_code
      WHERE regexp_replace(l.old_ward_folded, $1, '') = $2
        AND regexp_replace(l.old_province_folded, $1, '') = $4
        AND ($3 = '' OR regexp_replace(l.old_district_folded, $1, '') = $3)
      LIMIT 2`,
    [UNIT_PREFIX, bare(row.legacy_ward), bare(row.legacy_district), bare(row.legacy_province)],
  );
  // Ambiguous (a split ward, or no district to tell two apart): offer nothing.
  return rows.length === 1 ? rows[0]! : null;
}

async function toAddress(sql: Sql, row: AddressRow): Promise<UserAddress> {
  const legacy = isLegacy(row);
  const mapping = legacy ? await legacyMapping(sql, row) : null;
  return {
    addressId: row.address_id,
    userId: row.user_id,
    fullName: row.full_name,
    phone: row.phone,
    addressLine: row.address_line,
    provinceCode: row.province_code,
    provinceName: row.province_name,
    wardCode: row.ward_code,
    wardName: row.ward_name,
    legacy: legacy
      ? {
          ward: row.legacy_ward,
          district: row.legacy_district,
          province: row.legacy_province,
          newWardCode: mapping?.new_ward_code ?? null,
          newProvinceCode: mapping?.province_code ?? null,
        }
      : null,
    isDefault: row.is_default,
    text: textOf(row),
  };
}

/** The user's addresses (not deleted): the default first, then the newest. */
export async function listAddresses(sql: Sql, userId: number): Promise<UserAddress[]> {
  const { rows } = await sql.query<AddressRow>(
    `${SELECT_ADDRESS} WHERE a.user_id = $1 AND a.deleted_at IS NULL
      ORDER BY a.is_default DESC, a.address_id DESC`,
    [userId],
  );
  const out: UserAddress[] = [];
  for (const row of rows) out.push(await toAddress(sql, row));
  return out;
}

/** One address of the user (not deleted), else null. */
export async function findAddress(sql: Sql, userId: number, addressId: number): Promise<UserAddress | null> {
  const { rows } = await sql.query<AddressRow>(
    `${SELECT_ADDRESS} WHERE a.address_id = $1 AND a.user_id = $2 AND a.deleted_at IS NULL`,
    [addressId, userId],
  );
  return rows[0] ? toAddress(sql, rows[0]) : null;
}

/** One-line texts of some of the user's addresses (deleted ones included: history keeps them). */
export async function addressTexts(sql: Sql, userId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql.query<AddressRow>(
    `${SELECT_ADDRESS} WHERE a.user_id = $1 AND a.address_id = ANY($2::int[])`,
    [userId, ids],
  );
  return new Map(rows.map((row) => [row.address_id, textOf(row)]));
}

/**
 * Checks a (province, ward) pair against the current units: the message key of the problem
 * (`select_province`, `select_ward`, `ward_not_in_province`) or null.
 */
export async function unitProblem(sql: Sql, provinceCode: string, wardCode: string): Promise<string | null> {
  const { rows } = await sql.query<{ code: string; level: string; province_code: string | null }>(
    `SELECT code, level, province_code FROM admin_units WHERE code = ANY($1::text[])`,
    [[provinceCode, wardCode]],
  );
  const province = rows.find((r) => r.code === provinceCode && r.level === 'province');
  const ward = rows.find((r) => r.code === wardCode && r.level === 'ward');
  if (!province) return 'select_province';
  if (!ward) return 'select_ward';
  return ward.province_code === provinceCode ? null : 'ward_not_in_province';
}

/** Makes `addressId` the user's only default address. */
async function setDefault(sql: Sql, userId: number, addressId: number) {
  await sql.query(
    `UPDATE user_addresses SET is_default = (address_id = $2)
      WHERE user_id = $1 AND deleted_at IS NULL AND (is_default OR address_id = $2)`,
    [userId, addressId],
  );
}

/** Adds an address with current units; the first address (or one marked so) is the default. */
export async function insertAddress(
  sql: Sql,
  userId: number,
  input: AddressRequest,
  now: Date,
): Promise<number> {
  const { rows } = await sql.query<{ address_id: number; first: boolean }>(
    `INSERT INTO user_addresses (user_id, full_name, phone, address_line, province_code, ward_code,
                                 created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
     RETURNING address_id, NOT EXISTS (SELECT 1 FROM user_addresses o
       WHERE o.user_id = $1 AND o.deleted_at IS NULL AND o.is_default) AS first`,
    [
      userId,
      (input.fullName ?? '').trim(),
      input.phone ?? '',
      input.addressLine.trim(),
      input.provinceCode,
      input.wardCode,
      now,
    ],
  );
  const { address_id: addressId, first } = rows[0]!;
  if (input.isDefault || first) await setDefault(sql, userId, addressId);
  return addressId;
}

/**
 * Replaces an address's fields; an address stored with the old three levels becomes a current
 * one (its legacy names are cleared). False when it is not the user's.
 */
export async function updateAddress(
  sql: Sql,
  userId: number,
  addressId: number,
  input: AddressRequest,
  now: Date,
): Promise<boolean> {
  const { rows } = await sql.query(
    `UPDATE user_addresses
        SET full_name = $3, phone = $4, address_line = $5, province_code = $6, ward_code = $7,
            legacy_ward = NULL, legacy_district = NULL, legacy_province = NULL, updated_at = $8
      WHERE address_id = $1 AND user_id = $2 AND deleted_at IS NULL
      RETURNING address_id`,
    [
      addressId,
      userId,
      (input.fullName ?? '').trim(),
      input.phone ?? '',
      input.addressLine.trim(),
      input.provinceCode,
      input.wardCode,
      now,
    ],
  );
  if (rows.length === 0) return false;
  if (input.isDefault) await setDefault(sql, userId, addressId);
  return true;
}

/**
 * Soft-deletes an address (appointments keep showing it); family members that used it lose it,
 * and when it was the default the newest remaining address becomes the default.
 */
export async function deleteAddress(
  sql: Sql,
  userId: number,
  addressId: number,
  now: Date,
): Promise<boolean> {
  const { rows } = await sql.query<{ is_default: boolean }>(
    `SELECT is_default FROM user_addresses
      WHERE address_id = $1 AND user_id = $2 AND deleted_at IS NULL FOR UPDATE`,
    [addressId, userId],
  );
  if (rows.length === 0) return false;
  await sql.query(
    `UPDATE user_addresses SET deleted_at = $2, is_default = false, updated_at = $2 WHERE address_id = $1`,
    [addressId, now],
  );
  await sql.query(
    `UPDATE patients SET address_id = NULL, updated_at = $3 WHERE user_id = $1 AND address_id = $2`,
    [userId, addressId, now],
  );
  if (rows[0]!.is_default) {
    await sql.query(
      `UPDATE user_addresses SET is_default = true
        WHERE address_id = (SELECT address_id FROM user_addresses
                             WHERE user_id = $1 AND deleted_at IS NULL ORDER BY address_id DESC LIMIT 1)`,
      [userId],
    );
  }
  return true;
}

/** The 34 provinces (current units), by name. */
export async function listProvinces(sql: Sql): Promise<AdminUnit[]> {
  const { rows } = await sql.query<AdminUnit>(
    `SELECT code, name, kind FROM admin_units WHERE level = 'province'
      ORDER BY regexp_replace(name_folded, '^thanh pho ', '')`,
  );
  return rows;
}

/** The communes/wards of a province, by name. */
export async function listWards(sql: Sql, provinceCode: string): Promise<AdminUnit[]> {
  const { rows } = await sql.query<AdminUnit>(
    `SELECT code, name, kind FROM admin_units WHERE level = 'ward' AND province_code = $1
      ORDER BY regexp_replace(name_folded, '^(phuong|xa|dac khu) ', ''), name_folded`,
    [provinceCode],
  );
  return rows;
}
