import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { sectionHeader } from '../../../components/ui.css';
import * as css from '../home.css';

/** A titled home-page section with an optional "see all" link to its listing. */
export function HomeSection({
  title,
  seeAllTo,
  children,
}: {
  title: string;
  seeAllTo?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className={css.section} aria-labelledby={headingId}>
      <div className={sectionHeader}>
        <h2 id={headingId}>{title}</h2>
        {seeAllTo && (
          <Link to={seeAllTo} aria-label={`${t('home.seeAll')}: ${title}`}>
            {t('home.seeAll')}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}
