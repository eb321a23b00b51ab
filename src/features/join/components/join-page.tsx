import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { FormId } from '../../../../schemas/forms/merge';
import { QueryState } from '../../../components/query-state';
import { page } from '../../../components/ui.css';
import { useDeferredModule } from '../../../lib/hooks/use-deferred-module';
import { usePageMeta } from '../../../tenant/use-page-meta';
import { useJoinCitiesQuery, useJoinSpecialitiesQuery } from '../api';
import * as css from '../join.css';

// The form renderer (react-jsonschema-form with its validator, about 60 KB gz) loads after the
// page's first render: four times the 15 KB a page may add to the home page's JS before it.
const loadJoinForm = () => import('./join-form');

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
  const form = useDeferredModule(loadJoinForm);
  // The form's choice lists are asked for now, while its code loads (the form reads the same cache).
  useJoinCitiesQuery();
  useJoinSpecialitiesQuery(undefined, { skip: formId !== 'join-doctor' });
  usePageMeta(t(titleKey), t(introKey));
  return (
    <div className={page}>
      <h1>{t(titleKey)}</h1>
      {requestId === null ? (
        <>
          <p>{t(introKey)}</p>
          <p>{t('join.required')}</p>
          <QueryState
            isLoading={form.module === null && !form.failed}
            isError={form.failed}
            isEmpty={false}
            onRetry={form.retry}
            skeletons={6}
          >
            {form.module && <form.module.JoinForm formId={formId} onDone={setRequestId} />}
          </QueryState>
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
