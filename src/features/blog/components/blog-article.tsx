import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { QueryState } from '../../../components/query-state';
import { RemoteImage } from '../../../components/remote-image';
import { muted } from '../../../components/ui.css';
import { useHospitalClock } from '../../../tenant/use-booking-rules';
import { usePageMeta } from '../../../tenant/use-page-meta';
import { useBlogQuery } from '../api';
import * as css from '../blog.css';
import { SafeHtml } from './safe-html';

const idOf = (value: string | undefined) =>
  value && /^\d{1,9}$/.test(value) && value !== '0' ? Number(value) : null;

/** One post (web page and mobile embed alike); the HTML is sanitized again before rendering. */
export function BlogArticle({ blogId, showBackLink }: { blogId: string | undefined; showBackLink: boolean }) {
  const { t } = useTranslation();
  const clock = useHospitalClock();
  const id = idOf(blogId);
  const { data, isLoading, error, refetch } = useBlogQuery(id ?? 0, { skip: id === null });
  const missing = id === null || (!!error && 'status' in error && error.status === 404);
  usePageMeta(
    missing ? t('blog.notFound') : (data?.title ?? t('blog.title')),
    data?.summary || t('blog.description'),
  );
  if (missing) {
    return (
      <div className={css.article}>
        <h1>{t('blog.notFound')}</h1>
        {showBackLink && <Link to="/blog/">{t('blog.back')}</Link>}
      </div>
    );
  }
  return (
    <QueryState isLoading={isLoading} isError={!!error} isEmpty={!data} onRetry={refetch} skeletons={3}>
      {data && (
        <article className={css.article} aria-labelledby="blog-title">
          <p className={muted}>{data.categoryName}</p>
          <h1 id="blog-title">{data.title}</h1>
          <p className={muted}>
            {t('blog.byline', { author: data.author, date: clock.date(data.publishedAt) })}
          </p>
          <RemoteImage className={css.heroImage} src={data.image} alt="" width={760} height={428} />
          <SafeHtml className={css.body} html={data.contentHtml} />
          {showBackLink && <Link to="/blog/">{t('blog.back')}</Link>}
        </article>
      )}
    </QueryState>
  );
}
