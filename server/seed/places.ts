import { foldName } from '../../schemas/admin-units';
import type { Sql } from '../db/database';
import { AREA_CODES, DEPARTMENTS, HOSPITAL_KINDS, HOSPITAL_NAMES, STREETS } from './data/places';
import type { Rng } from './prng';
import type { TenantProfile } from './profiles';

export interface CityRow {
  cityId: number;
  stateId: number;
  nameVi: string;
  nameEn: string;
  stateNameVi: string;
  stateNameEn: string;
}

/** A hospital about to be inserted. */
export interface HospitalPlan {
  name: string;
  cityId: number;
  /** Street, ward and province in Vietnamese, and the same in English. */
  address: string;
  addressEn: string;
  contactNumber: string;
  emergencyNumber: string;
  aboutVi: string;
  aboutEn: string;
  rating: number;
  /** Speciality keys the hospital offers (data/medical.ts); null: every speciality. */
  specialities: readonly string[] | null;
}

/** The seeded cities (migration 005), read once per seed run. */
export async function loadCities(sql: Sql): Promise<CityRow[]> {
  const { rows } = await sql.query<{
    city_id: number;
    state_id: number;
    name_vi: string;
    name_en: string;
    state_name_vi: string;
    state_name_en: string;
  }>(
    `SELECT c.city_id, c.state_id, c.name_vi, c.name_en, s.name_vi AS state_name_vi, s.name_en AS state_name_en
       FROM cities c JOIN states s USING (state_id) ORDER BY c.city_id`,
  );
  return rows.map((r) => ({
    cityId: r.city_id,
    stateId: r.state_id,
    nameVi: r.name_vi,
    nameEn: r.name_en,
    stateNameVi: r.state_name_vi,
    stateNameEn: r.state_name_en,
  }));
}

/** Picks an item with probability proportional to its weight. */
export function weighted<T>(rng: Rng, items: readonly T[], weight: (item: T) => number): T {
  const total = items.reduce((sum, item) => sum + weight(item), 0);
  let roll = rng.next() * total;
  for (const item of items) {
    roll -= weight(item);
    if (roll < 0) return item;
  }
  return items[items.length - 1] as T;
}

/** "Phường Ba Đình" -> "Ba Đình", "Xã Diên Khánh" -> "Diên Khánh": the short form used in branch names. */
const shortCity = (city: CityRow) => city.nameVi.replace(/^(Phường|Xã|Đặc khu)\s+(?=\D)/, '');

function phone(rng: Rng, stateId: number): string {
  const area = AREA_CODES[stateId] ?? '028';
  // Two- and three-digit area codes have 8-digit and 7-digit subscriber numbers respectively.
  const digits = area.length === 3 ? 8 : 7;
  // Landline subscriber numbers start with 3 (fictional digits after it).
  const number = `3${String(rng.int(0, 10 ** (digits - 1) - 1)).padStart(digits - 1, '0')}`;
  return `${area} ${number.slice(0, digits - 4)} ${number.slice(-4)}`;
}

/** "Lê Lợi" -> "Le Loi": street names keep their words in English, without tone marks. */
const streetEn = (street: string) =>
  foldName(street).replace(/(^|\s)\p{L}/gu, (letter) => letter.toUpperCase());

/** A fictional street address in the ward and province of `city`, in both languages. */
function address(rng: Rng, city: CityRow): { vi: string; en: string } {
  const number = rng.int(1, 350);
  const street = rng.pick(STREETS);
  return {
    vi: `${number} ${street}, ${city.nameVi}, ${city.stateNameVi}`,
    en: `${number} ${streetEn(street)} Street, ${city.nameEn}, ${city.stateNameEn}`,
  };
}

/**
 * Plans `count` hospitals for the tenant: campuses and departments for a hospital, own branches
 * then partner hospitals for a clinic, independent hospitals and clinics for a platform. Names
 * are unique within the tenant.
 */
export function planHospitals(
  rng: Rng,
  profile: TenantProfile,
  cities: readonly CityRow[],
  count: number,
): HospitalPlan[] {
  const inRegion = cities.filter((c) => (profile.regions[c.stateId] ?? 0) > 0);
  const pool = inRegion.length > 0 ? inRegion : cities;
  const home = cities.find((c) => c.cityId === profile.homeCityId) ?? (pool[0] as CityRow);
  // A state's weight is shared among its cities, so a state with many districts is not favoured.
  const perState = new Map<number, number>();
  for (const c of pool) perState.set(c.stateId, (perState.get(c.stateId) ?? 0) + 1);
  const pickCity = () =>
    weighted(rng, pool, (c) => (profile.regions[c.stateId] ?? 1) / (perState.get(c.stateId) ?? 1));
  const used = new Set<string>();
  const plans: HospitalPlan[] = [];
  const add = (
    name: string,
    city: CityRow,
    aboutVi: string,
    aboutEn: string,
    specialities: readonly string[] | null = null,
  ) => {
    if (used.has(name) || plans.length >= count) return;
    used.add(name);
    const where = address(rng, city);
    plans.push({
      name,
      cityId: city.cityId,
      address: where.vi,
      addressEn: where.en,
      contactNumber: phone(rng, city.stateId),
      emergencyNumber: phone(rng, city.stateId),
      aboutVi,
      aboutEn,
      rating: Math.round((3.8 + rng.next() * 1.1) * 10) / 10,
      specialities,
    });
  };
  const { vi: brandVi, en: brandEn } = profile.brand;

  if (profile.kind === 'hospital') {
    add(brandVi, home, `Cơ sở chính của ${brandVi}.`, `Main campus of ${brandEn}.`);
    for (const city of pool.filter((c) => c !== home)) {
      add(
        `${brandVi} - Cơ sở ${shortCity(city)}`,
        city,
        `Cơ sở khám chữa bệnh của ${brandVi}.`,
        `A ${brandEn} campus.`,
      );
    }
    for (const dept of DEPARTMENTS) {
      add(
        `${dept.name} - ${brandVi}`,
        home,
        `${dept.name} tại cơ sở chính của ${brandVi}.`,
        `A department at the ${brandEn} main campus.`,
        dept.specialities ?? null,
      );
    }
  } else if (profile.kind === 'clinic') {
    // A clinic lists its own branches only, in its region: its doctors practise there.
    const branches = [
      home,
      ...rng.sample(
        pool.filter((c) => c !== home),
        4,
      ),
    ];
    for (const city of branches) {
      add(`${brandVi} - Cơ sở ${shortCity(city)}`, city, `Chi nhánh của ${brandVi}.`, `A ${brandEn} branch.`);
    }
    return plans;
  }
  // Platforms list independent hospitals; a hospital group fills up with partner hospitals.
  const partner = profile.kind !== 'platform';
  for (let attempt = 0; plans.length < count && attempt < count * 20; attempt++) {
    const kind = weighted(rng, HOSPITAL_KINDS, (k) => k.weight);
    const city = pickCity();
    const base = `${kind.vi} ${rng.pick(HOSPITAL_NAMES)}`;
    const name = used.has(base) ? `${base} ${shortCity(city)}` : base;
    add(
      name,
      city,
      partner
        ? `Cơ sở đối tác của ${brandVi} tại ${city.nameVi}.`
        : `${kind.vi} tại ${city.nameVi}, ${city.stateNameVi}.`,
      partner
        ? `A ${brandEn} partner facility in ${city.nameEn}.`
        : `${kind.en} in ${city.nameEn}, ${city.stateNameEn}.`,
      kind.specialities ?? null,
    );
  }
  for (let n = 1; plans.length < count; n++) {
    // Only reached for very large benchmark tenants, once every natural name is taken.
    add(
      `Phòng khám Đa khoa ${brandVi} số ${n}`,
      pickCity(),
      `Phòng khám của ${brandVi}.`,
      `A ${brandEn} clinic.`,
    );
  }
  return plans;
}
