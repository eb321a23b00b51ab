import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog';
import { ContactForm } from './contact-form';
import { ContactInfo } from './contact-info';

/** The contact-us dialog: the contact details first, then the message form. */
export function ContactDialog({ onClose, closable = true }: { onClose: () => void; closable?: boolean }) {
  const { t } = useTranslation();
  const [view, setView] = useState<'info' | 'form'>('info');
  return (
    <Dialog
      open
      title={view === 'info' ? t('contact.title') : t('contact.formTitle')}
      onClose={onClose}
      closable={closable}
    >
      {view === 'info' ? <ContactInfo onWrite={() => setView('form')} /> : <ContactForm onSent={onClose} />}
    </Dialog>
  );
}
