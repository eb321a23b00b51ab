import type { Sql } from '../db/database';
import { bulkInsert, reserveIds } from './bulk';
import { HEALTH_PROGRAMS } from './data/marketing';
import { SPECIALITIES } from './data/medical';
import { planDoctor, type DoctorPlan } from './doctors';
import { planHospitals, type CityRow } from './places';
import type { Rng } from './prng';
import type { TenantProfile } from './profiles';

/** A seeded doctor, as later seed steps (blogs, promo codes) need it. */
export interface SeededDoctor {
  doctorId: number;
  plan: DoctorPlan;
}

export interface CatalogueCounts {
  specialities: number;
  symptoms: number;
  hospitals: number;
  doctors: number;
  doctorSpecialities: number;
  doctorSymptoms: number;
  doctorHospitals: number;
  doctorLanguages: number;
  doctorPrices: number;
  healthPrograms: number;
  doctorHealthPrograms: number;
}

/**
 * Specialities, symptoms, hospitals, doctors with every link table, and health programs, for one
 * tenant. Ids are reserved up front so each table is one bulk insert.
 */
export async function seedCatalogue(
  sql: Sql,
  rng: Rng,
  profile: TenantProfile,
  cities: readonly CityRow[],
  sizes: { doctors: number; hospitals: number },
): Promise<{ counts: CatalogueCounts; doctors: SeededDoctor[] }> {
  const tenant = profile.code;

  const specialityIds = await reserveIds(sql, 'specialities', 'speciality_id', SPECIALITIES.length);
  await bulkInsert(
    sql,
    'specialities',
    [
      ['speciality_id', 'int'],
      ['tenant_id', 'text'],
      ['name_vi', 'text'],
      ['name_en', 'text'],
      ['description_vi', 'text'],
      ['description_en', 'text'],
      ['icon', 'text'],
      ['sort_order', 'int'],
    ],
    SPECIALITIES.map((s, i) => [
      specialityIds[i],
      tenant,
      s.name.vi,
      s.name.en,
      s.description.vi,
      s.description.en,
      s.key,
      i,
    ]),
  );

  const symptoms = SPECIALITIES.flatMap((s, i) =>
    s.symptoms.map((name) => ({ name, specialityId: specialityIds[i] })),
  );
  const symptomCount = await bulkInsert(
    sql,
    'symptoms',
    [
      ['tenant_id', 'text'],
      ['speciality_id', 'int'],
      ['name_vi', 'text'],
      ['name_en', 'text'],
      ['sort_order', 'int'],
    ],
    symptoms.map((s, i) => [tenant, s.specialityId, s.name.vi, s.name.en, i]),
  );

  const hospitalPlans = planHospitals(rng.fork('hospitals'), profile, cities, sizes.hospitals);
  const hospitalIds = await reserveIds(sql, 'hospitals', 'hospital_id', hospitalPlans.length);
  await bulkInsert(
    sql,
    'hospitals',
    [
      ['hospital_id', 'int'],
      ['tenant_id', 'text'],
      ['name', 'text'],
      ['city_id', 'int'],
      ['address', 'text'],
      ['address_en', 'text'],
      ['contact_number', 'text'],
      ['emergency_number', 'text'],
      ['about_vi', 'text'],
      ['about_en', 'text'],
      ['rating', 'numeric'],
    ],
    hospitalPlans.map((h, i) => [
      hospitalIds[i],
      tenant,
      h.name,
      h.cityId,
      h.address,
      h.addressEn,
      h.contactNumber,
      h.emergencyNumber,
      h.aboutVi,
      h.aboutEn,
      h.rating,
    ]),
  );

  const doctorRng = rng.fork('doctors');
  const plans = Array.from({ length: sizes.doctors }, (_, i) => planDoctor(doctorRng, i, hospitalPlans));
  const doctorIds = await reserveIds(sql, 'doctors', 'doctor_id', plans.length);
  const doctors = plans.map((plan, i) => ({ doctorId: doctorIds[i] as number, plan }));
  await bulkInsert(
    sql,
    'doctors',
    [
      ['doctor_id', 'int'],
      ['tenant_id', 'text'],
      ['full_name', 'text'],
      ['title_vi', 'text'],
      ['title_en', 'text'],
      ['gender', 'text'],
      ['photo', 'text'],
      ['biography_vi', 'text'],
      ['biography_en', 'text'],
      ['experience_years', 'int'],
      ['city_id', 'int'],
      ['rating', 'numeric'],
      ['rating_count', 'int'],
      ['license_number', 'text'],
      ['approval_status', 'smallint'],
    ],
    doctors.map(({ doctorId, plan: d }) => [
      doctorId,
      tenant,
      d.fullName,
      d.title.vi,
      d.title.en,
      d.gender,
      // The lead's server renders an avatar per doctor at this URL.
      `/api/v1/avatars/${doctorId}.svg`,
      d.biography.vi,
      d.biography.en,
      d.experienceYears,
      hospitalPlans[d.hospitals[0] ?? 0]?.cityId ?? null,
      // Rating and count come from the reviews seeded next (doctor_feedbacks trigger, migration 022).
      0,
      0,
      d.licenseNumber,
      d.approvalStatus,
    ]),
  );

  const links = (pick: (d: SeededDoctor) => unknown[][]) => doctors.flatMap(pick);
  const doctorSpecialities = await bulkInsert(
    sql,
    'doctor_specialities',
    [
      ['tenant_id', 'text'],
      ['doctor_id', 'int'],
      ['speciality_id', 'int'],
    ],
    links((d) => d.plan.specialities.map((s) => [tenant, d.doctorId, specialityIds[s]])),
  );
  // A doctor treats every symptom of each of their specialities.
  const { rows: symptomRows } = await sql.query<{ n: number }>(
    `WITH inserted AS (
       INSERT INTO doctor_symptoms (tenant_id, doctor_id, symptom_id)
       SELECT ds.tenant_id, ds.doctor_id, s.symptom_id
         FROM doctor_specialities ds JOIN symptoms s ON s.speciality_id = ds.speciality_id
        WHERE ds.tenant_id = $1 AND ds.doctor_id = ANY($2::int[])
       ON CONFLICT DO NOTHING RETURNING 1)
     SELECT count(*)::int AS n FROM inserted`,
    [tenant, doctorIds],
  );
  const doctorHospitals = await bulkInsert(
    sql,
    'doctor_hospitals',
    [
      ['tenant_id', 'text'],
      ['doctor_id', 'int'],
      ['hospital_id', 'int'],
    ],
    links((d) => d.plan.hospitals.map((h) => [tenant, d.doctorId, hospitalIds[h]])),
  );
  const doctorLanguages = await bulkInsert(
    sql,
    'doctor_languages',
    [
      ['tenant_id', 'text'],
      ['doctor_id', 'int'],
      ['language_id', 'int'],
    ],
    links((d) => d.plan.languageIds.map((l) => [tenant, d.doctorId, l])),
  );
  const doctorPrices = await bulkInsert(
    sql,
    'doctor_prices',
    [
      ['tenant_id', 'text'],
      ['doctor_id', 'int'],
      ['service_type_id', 'int'],
      ['price', 'int'],
    ],
    links((d) => d.plan.prices.map(([type, price]) => [tenant, d.doctorId, type, price])),
  );

  const programs = await seedHealthPrograms(sql, rng.fork('programs'), tenant, doctors);
  return {
    doctors,
    counts: {
      specialities: specialityIds.length,
      symptoms: symptomCount,
      hospitals: hospitalIds.length,
      doctors: doctors.length,
      doctorSpecialities,
      doctorSymptoms: symptomRows[0]?.n ?? 0,
      doctorHospitals,
      doctorLanguages,
      doctorPrices,
      ...programs,
    },
  };
}

/** Parent programs with their children; approved doctors of the matching specialities take part. */
async function seedHealthPrograms(sql: Sql, rng: Rng, tenant: string, doctors: readonly SeededDoctor[]) {
  const rows: unknown[][] = [];
  const links: unknown[][] = [];
  const total = HEALTH_PROGRAMS.reduce((n, p) => n + 1 + p.children.length, 0);
  const ids = await reserveIds(sql, 'health_programs', 'health_program_id', total);
  let next = 0;
  for (const program of HEALTH_PROGRAMS) {
    const parentId = ids[next++];
    rows.push([
      parentId,
      tenant,
      null,
      program.name.vi,
      program.name.en,
      program.description.vi,
      program.description.en,
      program.price,
    ]);
    const keys = new Set(program.specialities);
    const eligible = doctors.filter(
      (d) =>
        d.plan.approvalStatus === 1 && d.plan.specialities.some((s) => keys.has(SPECIALITIES[s]?.key ?? '')),
    );
    const team = rng.sample(eligible, 8);
    for (const d of team) links.push([tenant, d.doctorId, parentId]);
    for (const child of program.children) {
      const childId = ids[next++];
      rows.push([
        childId,
        tenant,
        parentId,
        child.name.vi,
        child.name.en,
        child.description.vi,
        child.description.en,
        child.price,
      ]);
      for (const d of rng.sample(team, 4)) links.push([tenant, d.doctorId, childId]);
    }
  }
  const healthPrograms = await bulkInsert(
    sql,
    'health_programs',
    [
      ['health_program_id', 'int'],
      ['tenant_id', 'text'],
      ['parent_id', 'int'],
      ['name_vi', 'text'],
      ['name_en', 'text'],
      ['description_vi', 'text'],
      ['description_en', 'text'],
      ['price', 'int'],
    ],
    rows,
  );
  const doctorHealthPrograms = await bulkInsert(
    sql,
    'doctor_health_programs',
    [
      ['tenant_id', 'text'],
      ['doctor_id', 'int'],
      ['health_program_id', 'int'],
    ],
    links,
  );
  return { healthPrograms, doctorHealthPrograms };
}
