import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../../tenant/use-page-meta';
import { ContactForm } from '../components/contact-form';
import * as css from '../contact.css';

/** /contact-us-mobile: the message form for the mobile apps' web view, without site chrome. */
export function Component() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  usePageMeta(t('contact.title'), t('contact.description'));
  return (
    <div className={css.mobilePage}>
      <h1>{t('contact.formTitle')}</h1>
      {sent ? <p role="status">{t('msg_sent')}</p> : <ContactForm onSent={() => setSent(true)} />}
    </div>
  );
}
