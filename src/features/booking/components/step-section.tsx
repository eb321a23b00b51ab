import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { card } from '../../../components/ui.css';
import type { StepId } from '../booking-params';
import * as css from '../booking.css';

/** The message by the confirm button when a booking is refused (focus goes there). */
export const FAILURE_ID = 'booking-failure';

export const stepHeadingId = (id: StepId) => `booking-step-${id}`;

/** Moves focus to a step's heading once it is on screen (after the render that unlocks it). */
export function focusStepHeading(id: StepId): boolean {
  const heading = document.getElementById(stepHeadingId(id));
  if (!heading) return false;
  heading.focus();
  heading.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  return true;
}

interface StepSectionProps {
  id: StepId;
  index: number;
  title: string;
  /** Not editable yet: an earlier step is still open. */
  locked: boolean;
  children: ReactNode;
}

/**
 * One step of the booking flow: a section named by its heading. The heading takes focus when
 * the previous step is done; a locked step shows only why it is not open yet.
 */
export function StepSection({ id, index, title, locked, children }: StepSectionProps) {
  const { t } = useTranslation();
  const headingId = stepHeadingId(id);
  return (
    <li>
      <section className={`${card} ${css.step} ${locked ? css.stepLocked : ''}`} aria-labelledby={headingId}>
        <h2 id={headingId} tabIndex={-1} className={css.stepHeading}>
          {t('booking.stepTitle', { index, title })}
        </h2>
        {locked ? <p className={css.note}>{t('booking.locked')}</p> : children}
      </section>
    </li>
  );
}
