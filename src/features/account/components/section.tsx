import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { card } from '../../../components/ui.css';
import { replyText, type Reply } from '../../../lib/reply';
import { showToast } from '../../../lib/toast/toast-store';
import * as css from '../account.css';

/** One settings block: a card with its own heading (the page's outline for screen readers). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={`${card} ${css.section}`} aria-labelledby={id}>
      <h2 id={id} className={css.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Announces a reply: the success message key as a toast, else the refusal's text. Returns success. */
export function useReplyFeedback() {
  const { t } = useTranslation();
  return (reply: Reply | null, successKey: string): boolean => {
    if (reply?.isSuccess) {
      showToast(t(successKey), 'success');
      return true;
    }
    showToast(replyText(t, reply), 'error');
    return false;
  };
}
