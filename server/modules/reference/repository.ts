import type { City, Country, Language, Relation, ServiceType, State } from '../../../schemas/catalogue';
import type { FeatureKey } from '../../../schemas/features';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { localized } from './localize';

/** Reads of the global reference tables (no tenant: run inside db.anonymous). */

export async function listLanguages(sql: Sql, lang: LanguageCode): Promise<Language[]> {
  // languages keeps the English name in `name` and the Vietnamese one in `name_vi`.
  const { rows } = await sql.query<{
    language_id: number;
    short_name: string;
    name: string;
    is_active: boolean;
  }>(
    `SELECT language_id, short_name, ${lang === 'en' ? 'name' : 'name_vi'} AS name, is_active
       FROM languages ORDER BY language_id`,
  );
  return rows.map((r) => ({
    languageId: r.language_id,
    shortName: r.short_name,
    name: r.name,
    isActive: r.is_active,
  }));
}

export async function listCountries(sql: Sql, lang: LanguageCode): Promise<Country[]> {
  const { rows } = await sql.query<{ country_id: number; code: string; name: string; phone_code: string }>(
    `SELECT country_id, code, ${localized('name', lang)} AS name, phone_code FROM countries ORDER BY country_id`,
  );
  return rows.map((r) => ({ countryId: r.country_id, code: r.code, name: r.name, phoneCode: r.phone_code }));
}

export async function listStates(sql: Sql, lang: LanguageCode, countryId?: number): Promise<State[]> {
  const { rows } = await sql.query<{ state_id: number; country_id: number; name: string }>(
    `SELECT state_id, country_id, ${localized('name', lang)} AS name FROM states
      WHERE $1::int IS NULL OR country_id = $1 ORDER BY state_id`,
    [countryId ?? null],
  );
  return rows.map((r) => ({ stateId: r.state_id, countryId: r.country_id, name: r.name }));
}

export async function listCities(sql: Sql, lang: LanguageCode, stateId?: number): Promise<City[]> {
  const { rows } = await sql.query<{ city_id: number; state_id: number; name: string }>(
    `SELECT city_id, state_id, ${localized('name', lang)} AS name FROM cities
      WHERE $1::int IS NULL OR state_id = $1 ORDER BY city_id`,
    [stateId ?? null],
  );
  return rows.map((r) => ({ cityId: r.city_id, stateId: r.state_id, name: r.name }));
}

export async function listRelations(sql: Sql, lang: LanguageCode): Promise<Relation[]> {
  const { rows } = await sql.query<{ relation_id: number; name: string }>(
    `SELECT relation_id, ${localized('name', lang)} AS name FROM relations ORDER BY relation_id`,
  );
  return rows.map((r) => ({ relationId: r.relation_id, name: r.name }));
}

/** Service types with the feature key that must be on for a tenant to offer them. */
export async function listServiceTypes(
  sql: Sql,
  lang: LanguageCode,
): Promise<(ServiceType & { feature: FeatureKey })[]> {
  const { rows } = await sql.query<{ service_type_id: number; feature: FeatureKey; name: string }>(
    `SELECT service_type_id, feature, ${localized('name', lang)} AS name FROM service_types ORDER BY service_type_id`,
  );
  return rows.map((r) => ({ serviceTypeId: r.service_type_id, feature: r.feature, name: r.name }));
}
