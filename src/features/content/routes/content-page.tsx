import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { page } from '../../../components/ui.css';
import { LANGUAGE_IDS } from '../../../lib/i18n/language';
import { useTenant } from '../../../tenant/tenant-context';
import { usePageMeta } from '../../../tenant/use-page-meta';
import { useContentQuery } from '../api';
import * as css from '../content.css';

interface ContentPageProps {
  /** Spec content ids: about-us 1, terms-and-service 2, faqs 3, privacy-policy 4. */
  contentId: number;
  titleKey: string;
}

/** An information page (FAQs, terms, privacy, about us) in the active language. */
export function Component({ contentId, titleKey }: ContentPageProps) {
  const { t } = useTranslation();
  const { language } = useTenant();
  const { data, isLoading, error, refetch } = useContentQuery({
    contentId,
    languageId: LANGUAGE_IDS[language],
  });
  const missing = !!error && 'status' in error && error.status === 404;
  const title = data?.title || t(titleKey);
  usePageMeta(title, t('pages.content', { title }));
  return (
    <div className={page}>
      <h1>{title}</h1>
      <QueryState
        isLoading={isLoading}
        isError={!!error && !missing}
        isEmpty={missing || !data?.bodyHtml}
        onRetry={refetch}
        emptyText={t('content.empty')}
      >
        {/* bodyHtml is sanitized by the server when it is stored and served. */}
        <div className={css.body} dangerouslySetInnerHTML={{ __html: data?.bodyHtml ?? '' }} />
      </QueryState>
    </div>
  );
}
