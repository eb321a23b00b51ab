import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppointmentSummary } from '../../../../schemas/appointments';
import { Dialog } from '../../../components/dialog';
import { refundSentences } from '../../../components/refund-lines';
import { button } from '../../../components/ui.css';
import { focusFirstError } from '../../../lib/focus-first-error';
import { keyText, replyOf, replyText } from '../../../lib/reply';
import { showToast } from '../../../lib/toast/toast-store';
import { useCancelAppointmentMutation } from '../api';
import { CANCEL_REASONS, reasonErrors, type ReasonErrors, type ReasonForm } from '../reasons';
import * as css from '../appointments.css';
import { doctorLabel } from '../labels';
import { AppointmentTime } from './appointment-time';
import { FormAlert, SelectField, TextAreaField } from './fields';

interface Props {
  appointment: AppointmentSummary;
  open: boolean;
  onClose: () => void;
}

/** Server keys that belong to one field of the form. */
const FIELD_KEYS: Record<string, keyof ReasonForm> = {
  cancel_reason_required: 'reason',
  remark_required: 'remark',
};

/**
 * Cancelling an appointment: a reason from the list and a remark (both required), then a
 * confirmation; the server's refusal (the tenant's limits: cancel_not_allowed, ...) is shown here.
 */
export function CancelDialog({ appointment, open, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<ReasonForm>({ reason: '', remark: '' });
  const [errors, setErrors] = useState<ReasonErrors>({});
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [cancel, { isLoading }] = useCancelAppointmentMutation();

  const close = () => {
    setConfirming(false);
    setRefusal(null);
    setErrors({});
    onClose();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setRefusal(null);
    const found = reasonErrors(values, 'cancel_reason_required');
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstError(form);
    if (!confirming) return setConfirming(true);
    const reply = replyOf(
      await cancel({
        appointmentId: appointment.appointmentId,
        reason: values.reason,
        remark: values.remark.trim(),
      }),
    );
    if (reply?.isSuccess) {
      // Where the money goes (wallet or bank, how much, when), from the cancel answer itself.
      const refunds = reply.data
        ? refundSentences(t, i18n.language, reply.data.refunds, reply.data.timeZone)
        : [];
      showToast([t('appointments.cancelled'), ...refunds].join(' '), 'success');
      setValues({ reason: '', remark: '' });
      return close();
    }
    setConfirming(false);
    const onFields: ReasonErrors = {};
    for (const key of reply?.errors ?? []) if (FIELD_KEYS[key]) onFields[FIELD_KEYS[key]] = key;
    if (Object.keys(onFields).length > 0) {
      setErrors(onFields);
      return focusFirstError(form);
    }
    setRefusal(replyText(t, reply));
  };

  return (
    <Dialog open={open} title={t('appointments.cancelTitle')} onClose={close}>
      <form noValidate onSubmit={onSubmit}>
        <p>
          {doctorLabel(appointment)} ·{' '}
          <AppointmentTime startsAt={appointment.startsAt} timeZone={appointment.timeZone} />
        </p>
        <FormAlert message={refusal} />
        <SelectField
          label={t('appointments.cancelReason')}
          required
          value={values.reason}
          error={keyText(t, errors.reason)}
          disabled={confirming}
          onChange={(event) => setValues((old) => ({ ...old, reason: event.target.value }))}
        >
          <option value="">{t('appointments.chooseReason')}</option>
          {CANCEL_REASONS.map((reason) => (
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
          readOnly={confirming}
          onChange={(event) => setValues((old) => ({ ...old, remark: event.target.value }))}
        />
        {confirming && <p role="status">{t('appointments.cancelConfirm')}</p>}
        <div className={css.actions}>
          <button type="submit" className={button.primary} disabled={isLoading}>
            {t(confirming ? 'appointments.cancelYes' : 'appointments.cancelSubmit')}
          </button>
          <button
            type="button"
            className={button.ghost}
            onClick={confirming ? () => setConfirming(false) : close}
          >
            {t(confirming ? 'appointments.back' : 'appointments.keep')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
