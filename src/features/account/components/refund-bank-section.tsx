import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RefundBankInfo } from '../../../../schemas/refund-bank';
import { TextField } from '../../../components/text-field';
import { button } from '../../../components/ui.css';
import { focusFirstError } from '../../../lib/focus-first-error';
import { keyText, replyOf } from '../../../lib/reply';
import { useRefundBankQuery, useSaveRefundBankMutation } from '../refund-bank-api';
import * as css from '../account.css';
import { Section, useReplyFeedback } from './section';

type Field = keyof RefundBankInfo;
const KEYS: Record<Field, string> = {
  bankName: 'bank_required',
  accountName: 'account_name_required',
  accountNumber: 'account_number_required',
};

/** The same rules as schemas/refund-bank.ts: each field required, the number 6 to 20 digits. */
function check(values: RefundBankInfo): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.bankName.trim()) errors.bankName = KEYS.bankName;
  if (!values.accountName.trim()) errors.accountName = KEYS.accountName;
  if (!/^[0-9]{6,20}$/.test(values.accountNumber)) errors.accountNumber = KEYS.accountNumber;
  return errors;
}

function RefundBankForm({ initial }: { initial: RefundBankInfo | null }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<RefundBankInfo>(
    initial ?? { bankName: '', accountName: '', accountNumber: '' },
  );
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [save, { isLoading }] = useSaveRefundBankMutation();
  const feedback = useReplyFeedback();
  const set = (name: Field) => (event: { target: { value: string } }) =>
    setValues((old) => ({
      ...old,
      [name]: name === 'accountNumber' ? event.target.value.replace(/\s+/g, '') : event.target.value,
    }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length) return focusFirstError(form);
    const reply = replyOf(await save(values));
    if (feedback(reply, 'refundBank.saved')) return;
    const keys = reply?.errors ?? [];
    setErrors(
      Object.fromEntries(
        (Object.keys(KEYS) as Field[]).filter((f) => keys.includes(KEYS[f])).map((f) => [f, KEYS[f]]),
      ),
    );
    focusFirstError(form);
  };

  return (
    <form noValidate onSubmit={onSubmit} className={css.narrowForm}>
      <p>{t('refundBank.intro')}</p>
      <TextField
        label={t('refundBank.bankName')}
        autoComplete="off"
        maxLength={120}
        value={values.bankName}
        error={keyText(t, errors.bankName)}
        onChange={set('bankName')}
      />
      <TextField
        label={t('refundBank.accountName')}
        autoComplete="off"
        maxLength={120}
        value={values.accountName}
        error={keyText(t, errors.accountName)}
        onChange={set('accountName')}
      />
      <TextField
        label={t('refundBank.accountNumber')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={24}
        value={values.accountNumber}
        error={keyText(t, errors.accountNumber)}
        onChange={set('accountNumber')}
      />
      <button type="submit" className={button.primary} disabled={isLoading}>
        {t('refundBank.save')}
      </button>
    </form>
  );
}

/**
 * Refund bank info (spec sections 3, 5): shown only on a portal that refunds cancelled online
 * payments to the bank (booking.refundTo 'bank', or no wallet).
 */
export function RefundBankSection() {
  const { t } = useTranslation();
  const { data } = useRefundBankQuery();
  if (!data || data.refundsTo !== 'bank') return null;
  return (
    <Section title={t('refundBank.title')}>
      <RefundBankForm initial={data.bank} />
    </Section>
  );
}
