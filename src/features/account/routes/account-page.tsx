import { useTranslation } from 'react-i18next';
import { card, muted, page } from '../../../components/ui.css';
import { useStoredUser } from '../../../lib/use-stored-user';
import { phoneOf } from '../../../lib/user-storage';
import { useDocumentTitle } from '../../../tenant/use-document-title';
import * as css from '../account.css';
import { AccountNav } from '../components/account-nav';

/**
 * The signed-in user's pages until their own screens are built: the account menu and the
 * stored user's name, phone and email. Only reached through the route guard.
 */
export function Component({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const user = useStoredUser();
  useDocumentTitle(t(titleKey));
  const phone = user ? phoneOf(user) : '';
  const value = (text: string | null | undefined) =>
    text || <span className={muted}>{t('account.notSet')}</span>;
  return (
    <div className={`${page} ${css.layout}`}>
      <AccountNav />
      <section className={card} aria-labelledby="account-title">
        <h1 id="account-title">{t(titleKey)}</h1>
        <p>{t('account.comingSoon')}</p>
        <dl className={css.details}>
          <dt>{t('account.name')}</dt>
          <dd>{value(user?.fullName)}</dd>
          <dt>{t('account.phone')}</dt>
          <dd>{value(phone)}</dd>
          <dt>{t('account.email')}</dt>
          <dd>{value(user?.email)}</dd>
        </dl>
      </section>
    </div>
  );
}
