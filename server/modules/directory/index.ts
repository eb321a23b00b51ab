/** The directory module's public face: specialities, symptoms and hospitals, and what "listed" means. */
export {
  APPROVED,
  hospitalColumns,
  listHospitals,
  listSpecialities,
  toHospital,
  type HospitalRow,
} from './directory-repository';
