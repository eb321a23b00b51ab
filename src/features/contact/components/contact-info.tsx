import { useTranslation } from 'react-i18next';
import { button } from '../../../components/ui.css';
import { useTenant } from '../../../tenant/tenant-context';
import * as css from '../contact.css';

/** The first view of the dialog: the tenant's address, phone, hotline and email, then "write to us". */
export function ContactInfo({ onWrite }: { onWrite: () => void }) {
  const { t } = useTranslation();
  const { bundle, language } = useTenant();
  const { siteConfig, companyInfo } = bundle;
  const rows = [
    { label: t('contact.address'), value: bundle.contactAddress[language] },
    {
      label: t('contact.phone'),
      value: siteConfig.siteContactMobileNumber,
      href: `tel:${siteConfig.siteContactMobileNumber}`,
    },
    { label: t('contact.hotline'), value: companyInfo.hotlineCSKH, href: `tel:${companyInfo.hotlineCSKH}` },
    {
      label: t('contact.email'),
      value: siteConfig.siteContactEmail,
      href: `mailto:${siteConfig.siteContactEmail}`,
    },
  ].filter((row) => row.value);
  return (
    <div className={css.form}>
      <dl className={css.info}>
        {rows.map((row) => (
          <div key={row.label} className={css.infoRow}>
            <dt>{row.label}</dt>
            <dd>{row.href ? <a href={row.href}>{row.value}</a> : row.value}</dd>
          </div>
        ))}
      </dl>
      <div className={css.actions}>
        <button type="button" className={button.primary} onClick={onWrite}>
          {t('contact.write')}
        </button>
      </div>
    </div>
  );
}
