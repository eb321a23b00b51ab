import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { button, page } from '../../components/ui.css';
import { paths } from '../../../schemas/paths';
import { useDocumentTitle } from '../../tenant/use-document-title';

/** The 404 page: unknown paths and the pages of features this tenant has off. */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <div className={page}>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <Link className={button.primary} to={paths.home}>
        {t('notFound.home')}
      </Link>
    </div>
  );
}
