/**
 * The family feature's second public entry: the patient form dialog, kept out of index.ts so that
 * booking can load it lazily (react-jsonschema-form) while it imports the index statically.
 */
export { PatientFormDialog, type PatientFormDialogProps } from './components/patient-form-dialog';
