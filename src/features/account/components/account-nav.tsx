import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router-dom';
import { card } from '../../../components/ui.css';
import { ACCOUNT_LINKS } from '../../../../schemas/paths';
import { useTenant } from '../../../tenant/tenant-context';
import * as css from '../account.css';

/**
 * The account pages' menu (only links whose feature the tenant has on): a side list on wide
 * screens; on phones a disclosure that shows the current page and opens the list, so the page's
 * own content starts on the first screen (a native <details>: keyboard and screen readers work).
 */
export function AccountNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { features } = useTenant().bundle;
  const links = ACCOUNT_LINKS.filter((link) => !link.feature || features[link.feature]);
  const current = links.find((link) => pathname.startsWith(link.path));
  const list = (
    <ul className={css.menu}>
      {links.map((link) => (
        <li key={link.path}>
          <NavLink className={css.menuLink} to={link.path}>
            {t(link.labelKey)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
  return (
    <nav aria-label={t('account.menuLabel')} className={`${card} ${css.nav}`}>
      {/* Keyed by page: it is closed again on the page a link opened. */}
      <details key={pathname} className={css.compactMenu}>
        <summary className={css.compactSummary}>
          {t('account.menuOpen')}
          {current && `: ${t(current.labelKey)}`}
        </summary>
        {list}
      </details>
      <div className={css.wideMenu}>{list}</div>
    </nav>
  );
}
