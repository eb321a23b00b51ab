import { useTranslation } from 'react-i18next';
import { todayIn } from '../../../schemas/time';
import { useTenant } from '../../tenant/tenant-context';
import * as css from './footer.css';
import { FooterLinks } from './footer-links';

const tel = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The site footer: configured links, contact details, social links, version and copyright. */
export function Footer() {
  const { t } = useTranslation();
  const { bundle, language } = useTenant();
  const { companyInfo, siteConfig, navigation } = bundle;
  const contact = [
    bundle.contactAddress[language] && { term: t('footer.address'), value: bundle.contactAddress[language] },
    siteConfig.siteContactMobileNumber && {
      term: t('footer.phone'),
      value: <a href={tel(siteConfig.siteContactMobileNumber)}>{siteConfig.siteContactMobileNumber}</a>,
    },
    siteConfig.siteContactEmail && {
      term: t('footer.email'),
      value: <a href={`mailto:${siteConfig.siteContactEmail}`}>{siteConfig.siteContactEmail}</a>,
    },
    companyInfo.hotlineCSKH && {
      term: t('footer.hotline'),
      value: <a href={tel(companyInfo.hotlineCSKH)}>{companyInfo.hotlineCSKH}</a>,
    },
  ].filter((entry) => !!entry);
  const company = bundle.legalName[language] || bundle.name[language];
  const social = [
    { key: 'zalo', href: siteConfig.socialMediaZaloLink },
    { key: 'facebook', href: siteConfig.socialMediaFacebookLink },
    { key: 'youtube', href: siteConfig.socialMediaYouTubeLink },
  ].filter((link) => link.href);

  return (
    <footer className={css.footer}>
      {bundle.demo && <p className={css.demo}>{t('footer.demo')}</p>}
      <div className={css.columns}>
        <FooterLinks title={t('footer.quickLinks')} links={navigation.quickLinks} />
        <FooterLinks title={t('footer.privacyLinks')} links={navigation.privacyLinks} />
        {contact.length > 0 && (
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact" className={css.heading}>
              {t('footer.contact')}
            </h2>
            <dl className={css.details}>
              {contact.map((entry) => (
                <div key={entry.term}>
                  <dt className={css.term}>{entry.term}</dt>
                  <dd>{entry.value}</dd>
                </div>
              ))}
            </dl>
          </section>
        )}
        {social.length > 0 && (
          <nav aria-label={t('footer.social')}>
            <h2 className={css.heading}>{t('footer.social')}</h2>
            <ul className={css.list}>
              {social.map((link) => (
                <li key={link.key}>
                  <a className={css.listLink} href={link.href} target="_blank" rel="noopener noreferrer">
                    {t(`footer.${link.key}`)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
      <div className={css.bottom}>
        <p>{t('footer.copyright', { year: todayIn(bundle.booking.timeZone).slice(0, 4), company })}</p>
        <p>{t('footer.version', { version: bundle.version })}</p>
      </div>
    </footer>
  );
}
