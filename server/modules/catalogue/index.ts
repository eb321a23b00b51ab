/** The catalogue module's public face for other modules. */
export { enabledFeatures } from './features';
export {
  APPROVED,
  hospitalColumns,
  listHospitals,
  listSpecialities,
  toHospital,
  type HospitalRow,
} from './directory-repository';
// For the server-rendered pages (server/modules/seo): a doctor's page and a content page.
export { findDoctor } from './doctor-repository';
export { findContent } from './home-repository';
export { likeEscaped, nameMatches } from './doctor-search';
