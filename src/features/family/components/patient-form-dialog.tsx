import { useTranslation } from 'react-i18next';
import type { Patient } from '../../../../schemas/patients';
import { Dialog } from '../../../components/dialog';
import { useDeferredModule } from '../../../lib/hooks/use-deferred-module';

// The form (react-jsonschema-form, about 60 KB gz) loads after the page's first render.
const loadForm = () => import('./patient-form');

export interface PatientFormDialogProps {
  open: boolean;
  /** The patient to edit (e.g. to fill in missing personal info); absent or null: add a family member. */
  patient?: Patient | null;
  onClose: () => void;
  /** Called with the saved patient; the dialog does not close itself (call onClose). */
  onSaved: (patient: Patient) => void;
}

/**
 * The patient form in a modal dialog: add a family member or edit one (myself included) in place.
 * It opens once the form's code is there (it starts loading when the page renders), so that the
 * dialog opens on its first field.
 */
export function PatientFormDialog({ open, patient, onClose, onSaved }: PatientFormDialogProps) {
  const { t } = useTranslation();
  const { module, failed } = useDeferredModule(loadForm);
  const title = patient ? (patient.isSelf ? t('family.editSelf') : t('family.edit')) : t('family.add');
  return (
    <Dialog open={open && (module !== null || failed)} title={title} onClose={onClose}>
      {/* A fresh form per patient: the answers start from the chosen patient. */}
      {open && module && (
        <module.PatientForm
          key={patient?.patientId ?? 'new'}
          patient={patient}
          onSaved={onSaved}
          onCancel={onClose}
        />
      )}
      {open && failed && <p role="alert">{t('state.error')}</p>}
    </Dialog>
  );
}
