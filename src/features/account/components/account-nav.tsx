import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { card } from '../../../components/ui.css';
import { ACCOUNT_LINKS } from '../../../config/paths';
import { useTenant } from '../../../tenant/tenant-context';
import * as css from '../account.css';

/** The account pages' side menu (only links whose feature the tenant has on). */
export function AccountNav() {
  const { t } = useTranslation();
  const { features } = useTenant().bundle;
  const links = ACCOUNT_LINKS.filter((link) => !link.feature || features[link.feature]);
  return (
    <nav aria-label={t('account.menuLabel')} className={card}>
      <ul className={css.menu}>
        {links.map((link) => (
          <li key={link.path}>
            <NavLink className={css.menuLink} to={link.path}>
              {t(link.labelKey)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
