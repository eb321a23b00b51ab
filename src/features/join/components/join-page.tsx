import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { FormId } from '../../../../schemas/forms/merge';
import { page } from '../../../components/ui.css';
import { usePageMeta } from '../../../tenant/use-page-meta';
import * as css from '../join.css';
import { JoinForm } from './join-form';

/** A join page (doctor or hospital): intro, the form, then a "request received" confirmation. */
export function JoinPage({
  formId,
  titleKey,
  introKey,
}: {
  formId: FormId;
  titleKey: string;
  introKey: string;
}) {
  const { t } = useTranslation();
  const [requestId, setRequestId] = useState<number | null>(null);
  usePageMeta(t(titleKey), t(introKey));
  return (
    <div className={page}>
      <h1>{t(titleKey)}</h1>
      {requestId === null ? (
        <>
          <p>{t(introKey)}</p>
          <p>{t('join.required')}</p>
          <JoinForm formId={formId} onDone={setRequestId} />
        </>
      ) : (
        <div className={css.done} role="status">
          <h2>{t('join.doneTitle')}</h2>
          <p>{t('join.done', { id: requestId })}</p>
          <Link to="/">{t('notFound.home')}</Link>
        </div>
      )}
    </div>
  );
}
