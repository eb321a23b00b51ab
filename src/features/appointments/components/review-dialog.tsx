import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppointmentSummary } from '../../../../schemas/appointments';
import { Dialog } from '../../../components/dialog';
import { button } from '../../../components/ui.css';
import { focusFirstError } from '../../../lib/focus-first-error';
import { keyText, replyOf, replyText } from '../../../lib/reply';
import { showToast } from '../../../lib/toast/toast-store';
import { useAddReviewMutation } from '../api';
import * as css from '../appointments.css';
import { doctorLabel } from '../labels';
import { FormAlert, TextAreaField } from './fields';
import { StarRating } from './star-rating';

interface Props {
  appointment: AppointmentSummary;
  open: boolean;
  onClose: () => void;
}

type Errors = { rating?: string; comment?: string };

/** Rating 1-5 and comment are both required (spec section 5). */
export function reviewErrors(rating: number, comment: string): Errors {
  const errors: Errors = {};
  if (!(rating >= 1 && rating <= 5)) errors.rating = 'rating_required';
  if (!comment.trim()) errors.comment = 'comment_required';
  return errors;
}

const FIELD_KEYS: Record<string, keyof Errors> = { rating_required: 'rating', comment_required: 'comment' };

/** Reviewing a completed appointment, once (AddAppointmentReview). */
export function ReviewDialog({ appointment, open, onClose }: Props) {
  const { t } = useTranslation();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [addReview, { isLoading }] = useAddReviewMutation();

  const close = () => {
    setErrors({});
    setRefusal(null);
    onClose();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setRefusal(null);
    const found = reviewErrors(rating, comment);
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstError(form);
    const reply = replyOf(
      await addReview({ appointmentId: appointment.appointmentId, rating, comment: comment.trim() }),
    );
    if (reply?.isSuccess) {
      showToast(t('appointments.reviewThanks'), 'success');
      setRating(0);
      setComment('');
      return close();
    }
    const onFields: Errors = {};
    for (const key of reply?.errors ?? []) if (FIELD_KEYS[key]) onFields[FIELD_KEYS[key]] = key;
    if (Object.keys(onFields).length > 0) {
      setErrors(onFields);
      return focusFirstError(form);
    }
    setRefusal(replyText(t, reply));
  };

  return (
    <Dialog open={open} title={t('appointments.reviewTitle')} onClose={close}>
      <form noValidate onSubmit={onSubmit}>
        <p>{doctorLabel(appointment)}</p>
        <FormAlert message={refusal} />
        <StarRating value={rating} onChange={setRating} error={keyText(t, errors.rating)} />
        <TextAreaField
          label={t('appointments.comment')}
          value={comment}
          maxLength={1000}
          error={keyText(t, errors.comment)}
          onChange={(event) => setComment(event.target.value)}
        />
        <div className={css.actions}>
          <button type="submit" className={button.primary} disabled={isLoading}>
            {t('appointments.reviewSubmit')}
          </button>
          <button type="button" className={button.ghost} onClick={close}>
            {t('appointments.close')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
