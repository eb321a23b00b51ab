/** The catalogue module's public face for other modules. */
export { enabledFeatures } from './features';
export { APPROVED, hospitalColumns, toHospital, type HospitalRow } from './directory-repository';
export { likeEscaped } from './doctor-search';
