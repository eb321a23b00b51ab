import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppointmentSummary } from '../../../../schemas/appointments';
import { Dialog } from '../../../components/dialog';
import { button, fieldError } from '../../../components/ui.css';
import { focusFirstError } from '../../../lib/focus-first-error';
import { keyText, replyOf, replyText } from '../../../lib/reply';
import { showToast } from '../../../lib/toast/toast-store';
import { useRescheduleAppointmentMutation } from '../api';
import { RESCHEDULE_REASONS, reasonErrors, type ReasonErrors, type ReasonForm } from '../reasons';
import * as css from '../appointments.css';
import { doctorLabel } from '../labels';
import { AppointmentTime } from './appointment-time';
import { FormAlert, SelectField, TextAreaField } from './fields';
import { NewSlotPicker } from './new-slot-picker';

interface Props {
  appointment: AppointmentSummary;
  open: boolean;
  onClose: () => void;
}

type Errors = ReasonErrors & { slot?: string };

/** Server keys that belong to one field of the form. */
const FIELD_KEYS: Record<string, keyof Errors> = {
  reschedule_reason_required: 'reason',
  remark_required: 'remark',
  reschedule_same_slot: 'slot',
  slot_unavailable: 'slot',
};

/**
 * Rescheduling: a new slot of the same doctor (and service type), a reason and a remark (all
 * required). The old slot is freed by the server in the same transaction.
 */
export function RescheduleDialog({ appointment, open, onClose }: Props) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ReasonForm>({ reason: '', remark: '' });
  const [slotId, setSlotId] = useState<number | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [reschedule, { isLoading }] = useRescheduleAppointmentMutation();

  const close = () => {
    setRefusal(null);
    setErrors({});
    onClose();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setRefusal(null);
    const found: Errors = {
      ...(slotId === null ? { slot: 'select_slot' } : {}),
      ...reasonErrors(values, 'reschedule_reason_required'),
    };
    setErrors(found);
    if (Object.keys(found).length > 0 || slotId === null) return focusFirstError(form);
    const reply = replyOf(
      await reschedule({
        appointmentId: appointment.appointmentId,
        slotId,
        reason: values.reason,
        remark: values.remark.trim(),
      }),
    );
    if (reply?.isSuccess) {
      showToast(t('appointments.rescheduled'), 'success');
      setValues({ reason: '', remark: '' });
      setSlotId(null);
      return close();
    }
    const onFields: Errors = {};
    for (const key of [...(reply?.errors ?? []), reply?.codeMessageRespond ?? ''])
      if (FIELD_KEYS[key] && !onFields[FIELD_KEYS[key]]) onFields[FIELD_KEYS[key]] = key;
    if (Object.keys(onFields).length > 0) {
      setErrors(onFields);
      return focusFirstError(form);
    }
    setRefusal(replyText(t, reply));
  };

  return (
    <Dialog open={open} title={t('appointments.rescheduleTitle')} onClose={close}>
      <form noValidate onSubmit={onSubmit} className={css.wideDialog}>
        <p>
          {doctorLabel(appointment)} · {t('appointments.currentTime')}:{' '}
          <AppointmentTime startsAt={appointment.startsAt} timeZone={appointment.timeZone} />
        </p>
        <FormAlert message={refusal} />
        <fieldset
          className={css.stars}
          tabIndex={-1}
          aria-invalid={errors.slot ? true : undefined}
          aria-describedby={errors.slot ? 'reschedule-slot-error' : undefined}
        >
          <legend>{t('appointments.newSlot')}</legend>
          <NewSlotPicker appointment={appointment} value={slotId} onChange={setSlotId} />
          {errors.slot && (
            <p id="reschedule-slot-error" className={fieldError}>
              {keyText(t, errors.slot)}
            </p>
          )}
        </fieldset>
        <SelectField
          label={t('appointments.rescheduleReason')}
          required
          value={values.reason}
          error={keyText(t, errors.reason)}
          onChange={(event) => setValues((old) => ({ ...old, reason: event.target.value }))}
        >
          <option value="">{t('appointments.chooseReason')}</option>
          {RESCHEDULE_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {t(`appointments.reasons.${reason}`)}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={t('appointments.remark')}
          required
          value={values.remark}
          maxLength={1000}
          error={keyText(t, errors.remark)}
          onChange={(event) => setValues((old) => ({ ...old, remark: event.target.value }))}
        />
        <div className={css.actions}>
          <button type="submit" className={button.primary} disabled={isLoading}>
            {t('appointments.rescheduleSubmit')}
          </button>
          <button type="button" className={button.ghost} onClick={close}>
            {t('appointments.keep')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
