/**
 * What other features may use of the family feature: myself and family members (Patients/*)
 * and the picker that chooses one of them.
 */
export { familyApi, usePatientsQuery, usePatientQuery } from './api';
export { PatientPicker, type PatientPickerProps } from './components/patient-picker';
