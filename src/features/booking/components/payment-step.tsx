import { useTranslation } from 'react-i18next';
import type { BookingFailure } from '../booking-errors';
import { ChoiceGroup } from './choice-group';
import { failureMessages } from './failure-text';

interface PaymentStepProps {
  methods: number[];
  holdMinutes: number;
  value: number | null;
  error: BookingFailure | null;
  onPick: (method: number, advance: boolean) => void;
  onConfirm: () => void;
}

/** Step: how to pay, among the methods the tenant enables and the price allows. */
export function PaymentStep({ methods, holdMinutes, value, error, onPick, onConfirm }: PaymentStepProps) {
  const { t } = useTranslation();
  return (
    <ChoiceGroup
      legend={t('booking.choosePayment')}
      name="booking-payment"
      layout="wide"
      options={methods.map((method) => ({
        value: method,
        label: t(`booking.paymentMethods.${method}`),
        ...(method === 1 ? { hint: t('booking.holdHint', { minutes: holdMinutes }) } : {}),
      }))}
      value={value}
      onPick={onPick}
      onConfirm={onConfirm}
      error={error ? failureMessages(t, error).join(' ') : null}
    />
  );
}
