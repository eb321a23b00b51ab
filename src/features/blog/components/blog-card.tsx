import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { RemoteImage } from '../../../components/remote-image';
import { card, muted } from '../../../components/ui.css';
import { useHospitalClock } from '../../../tenant/use-booking-rules';
import type { BlogPage } from '../api';
import * as css from '../blog.css';

/** One post in the listing: image, category, title (the link), date and summary. */
export function BlogCard({ blog }: { blog: BlogPage['blogs'][number] }) {
  const { t } = useTranslation();
  const clock = useHospitalClock();
  return (
    <article className={card} aria-labelledby={`blog-${blog.blogId}`}>
      <RemoteImage
        className={css.cardImage}
        src={blog.image}
        alt=""
        width={320}
        height={180}
        loading="lazy"
      />
      <p className={muted}>{blog.categoryName}</p>
      <h2 id={`blog-${blog.blogId}`} className={css.cardTitle}>
        <Link to={`/blog/blog-detail/${blog.blogId}/`}>{blog.title}</Link>
      </h2>
      <p className={muted}>{t('blog.byline', { author: blog.author, date: clock.date(blog.publishedAt) })}</p>
      <p>{blog.summary}</p>
    </article>
  );
}
