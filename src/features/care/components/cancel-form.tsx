import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { button } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import { keyText } from '../../../lib/reply';
import { showToast } from '../../../lib/toast/toast-store';
import { useCancelAppointmentMutation } from '../api';
import * as css from '../care.css';
import { careNs } from '../i18n/namespace';
import { TextArea } from './complete-form';

/** Cancels as the doctor or the hospital (the server decides by the account): a reason is required. */
export function CancelForm({ appointmentId, onClose }: { appointmentId: number; onClose: () => void }) {
  const { t } = useNamespace(careNs);
  const { t: tr } = useTranslation();
  const [cancel, state] = useCancelAppointmentMutation();
  const [reason, setReason] = useState('');
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError(tr('cancel_reason_required'));
    setError(null);
    const reply = await cancel({ id: appointmentId, body: { reason: reason.trim(), remark: remark.trim() } });
    const data =
      'data' in reply
        ? reply.data
        : ((reply.error as { data?: { isSuccess?: boolean; errors?: string[]; codeMessageRespond?: string } })
            ?.data ?? null);
    if (data?.isSuccess) {
      showToast(t('cancelled'), 'success');
      onClose();
    } else
      showToast(
        keyText(tr, data?.errors?.[0]) ?? keyText(tr, data?.codeMessageRespond) ?? tr('something_went_wrong'),
        'error',
      );
  };
  return (
    <form className={css.section} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="care-cancel">
      <h2 id="care-cancel">{t('cancel')}</h2>
      <TextArea label={t('cancelReason')} value={reason} onChange={setReason} error={error} />
      <TextArea label={t('cancelRemark')} value={remark} onChange={setRemark} />
      <div className={css.actions}>
        <button type="submit" className={button.primary} disabled={state.isLoading}>
          {t('cancelConfirm')}
        </button>
        <button type="button" className={button.secondary} onClick={onClose}>
          {t('close')}
        </button>
      </div>
    </form>
  );
}
