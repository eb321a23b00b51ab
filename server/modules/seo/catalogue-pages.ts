import type { Hospital } from '../../../schemas/catalogue';
import { paths } from '../../../schemas/paths';
import { FILTER_KEYS, healthProgramOf, selectedIds } from '../../../schemas/doctor-list-params';
import { LIST_PAGE_SIZE, listQueryOf } from '../../../schemas/list-query';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { enabledFeatures } from '../catalogue/index';
import {
  APPROVED,
  hospitalColumns,
  listHospitals,
  listSpecialities,
  toHospital,
  type HospitalRow,
} from '../directory/index';
import { findDoctor } from '../doctors/index';
import { hospitalListLd, hospitalLd, organizationLd, physicianLd } from './json-ld';
import { idParam, keptQuery, notFoundPage, type Describe } from './page-description';
import { pageUrl } from './page-urls';

/** A page as path and query (pageUrl adds the language). */
export interface PageAddress {
  path: string;
  query: URLSearchParams;
}

/** The doctor list of one hospital: the page a hospital has (there is no hospital detail page). */
export const hospitalAddress = (hospitalId: number): PageAddress => ({
  path: paths.doctorList,
  query: new URLSearchParams({ [FILTER_KEYS.hospitals]: String(hospitalId) }),
});
/** The doctor list of one speciality, as the speciality list links it. */
export const specialityAddress = (specialityId: number): PageAddress => ({
  path: paths.doctorList,
  query: new URLSearchParams({ specialityId: String(specialityId) }),
});

/** Home: the tenant's name and description, the tenant as a MedicalOrganization. */
export const homePage: Describe = async ({ tenant, lang, origin }) => ({
  status: 200,
  title: null,
  // Empty: the tenant's own description (tenant.json, written for search engines).
  description: '',
  canonical: { path: paths.home },
  robots: 'index',
  jsonLd: [organizationLd(tenant, lang, origin)],
});

/** `"Title Full Name"`, as the web app shows a doctor (doctor-facts.tsx). */
const doctorName = (doctor: { title: string; fullName: string }) =>
  [doctor.title, doctor.fullName].filter(Boolean).join(' ');

/** Doctor Detail: 404 unless the doctor is approved in this tenant; a Physician otherwise. */
export const doctorPage: Describe = async ({ db, tenant, lang, t, origin, params }) => {
  const id = idParam(params.id);
  const doctor =
    id === null
      ? null
      : await db.tenantRead(tenant.config.code, (sql) => findDoctor(sql, lang, enabledFeatures(tenant), id));
  if (!doctor) return notFoundPage(t);
  const name = doctorName(doctor);
  const specialities = doctor.specialities.map((s) => s.name).join(', ') || t('doctor.generalPractitioner');
  const path = paths.doctorDetail(doctor.doctorId);
  return {
    status: 200,
    title: name,
    description: `${specialities}. ${t('doctorPage.description', { name })}`,
    canonical: { path },
    robots: 'index',
    og: { type: 'profile', title: `${name} – ${specialities}`, image: doctor.photo, imageAlt: name },
    jsonLd: [physicianLd(doctor, name, pageUrl(origin, tenant, path, lang), origin)],
  };
};

async function findHospital(sql: Sql, lang: LanguageCode, hospitalId: number): Promise<Hospital | null> {
  const { rows } = await sql.query<HospitalRow>(
    `SELECT ${hospitalColumns(lang)} FROM hospitals h LEFT JOIN cities c ON c.city_id = h.city_id
      WHERE h.hospital_id = $1 AND h.approval_status = ${APPROVED}`,
    [hospitalId],
  );
  return rows[0] ? toHospital(rows[0]) : null;
}

/** Query parameters that choose what the doctor list shows; others (lang, tracking) are not part of the page. */
const DOCTOR_LIST_PARAMS: readonly string[] = [
  ...Object.values(FILTER_KEYS),
  'specialityId',
  'symptomId',
  'servicetype',
  'healthProgramId',
];

/**
 * Doctor Listing with its query: the canonical keeps the parameters that choose the list (sorted),
 * the title names one chosen hospital or speciality (the page of each in the sitemap), and a
 * free-text search is noindex (search results are not pages of their own) but its links count.
 */
export const doctorListPage: Describe = async ({ db, tenant, lang, t, origin, search }) => {
  const query = keptQuery(search, DOCTOR_LIST_PARAMS);
  const hospitals = selectedIds(search, 'hospitals');
  const specialities = selectedIds(search, 'specialities');
  const listTitle = healthProgramOf(search) ? t('filters.programTitle') : t('doctor.listTitle');
  const base = {
    status: 200 as const,
    title: listTitle,
    description: t('filters.description'),
    canonical: { path: paths.doctorList, query },
    robots: search.get(FILTER_KEYS.text)?.trim() ? ('noindex-follow' as const) : ('index' as const),
  };
  if (hospitals.length === 1 && specialities.length === 0) {
    const hospital = await db.tenantRead(tenant.config.code, (sql) => findHospital(sql, lang, hospitals[0]!));
    if (!hospital) return base;
    const url = pageUrl(origin, tenant, paths.doctorList, lang, query);
    return {
      ...base,
      title: `${hospital.name} – ${listTitle}`,
      og: { image: hospital.image, imageAlt: hospital.name },
      jsonLd: [hospitalLd(hospital, url, origin)],
    };
  }
  if (specialities.length === 1 && hospitals.length === 0) {
    const all = await db.tenantRead(tenant.config.code, (sql) => listSpecialities(sql, lang));
    const speciality = all.find((s) => s.specialityId === specialities[0]);
    if (speciality) return { ...base, title: `${speciality.name} – ${listTitle}` };
  }
  return base;
};

/** Hospital list: the hospitals of the shown page as an ItemList of Hospital/MedicalClinic. */
export const hospitalListPage: Describe = async ({ db, tenant, lang, t, origin, search }) => {
  const { text, page } = listQueryOf(search);
  const { hospitals } = await db.tenantRead(tenant.config.code, (sql) =>
    listHospitals(sql, lang, { pageNumber: page, pageSize: LIST_PAGE_SIZE, ...(text ? { name: text } : {}) }),
  );
  const query = new URLSearchParams(page > 1 ? { page: String(page) } : {});
  return {
    status: 200,
    title: t('lists.hospitalsTitle'),
    description: t('pages.hospitals'),
    canonical: { path: paths.hospitalList, query },
    robots: text ? 'noindex-follow' : 'index',
    jsonLd: hospitals.length
      ? [
          hospitalListLd(
            hospitals.map((hospital) => {
              const { path, query: hospitalQuery } = hospitalAddress(hospital.hospitalId);
              return { hospital, url: pageUrl(origin, tenant, path, lang, hospitalQuery) };
            }),
            origin,
          ),
        ]
      : [],
  };
};
