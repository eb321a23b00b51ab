import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { button, page } from '../../../components/ui.css';
import { usePageMeta } from '../../../tenant/use-page-meta';
import { ContactDialog } from '../components/contact-dialog';

/**
 * /contact-us opens the contact dialog on load (spec section 2); `?mobile=true` hides its close
 * button. Closing it leaves a page from which it can be opened again.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const mobile = search.get('mobile') === 'true';
  const [open, setOpen] = useState(true);
  usePageMeta(t('contact.title'), t('contact.description'));
  return (
    <div className={page}>
      <h1>{t('contact.title')}</h1>
      <p>{t('contact.intro')}</p>
      <button type="button" className={button.primary} onClick={() => setOpen(true)}>
        {t('contact.open')}
      </button>{' '}
      <button type="button" className={button.secondary} onClick={() => navigate('/')}>
        {t('notFound.home')}
      </button>
      {open && <ContactDialog closable={!mobile} onClose={() => setOpen(false)} />}
    </div>
  );
}
