import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import type { FeatureKey } from '../../../schemas/features';
import type { HeaderItem } from '../../../schemas/tenant.schema';
import { MenuButton } from '../../components/menu-button';
import { doctorListUrl, paths } from '../../../schemas/paths';
import { isSignedIn, type StoredUser } from '../../lib/user-storage';
import { useTenant } from '../../tenant/tenant-context';
import * as css from './header.css';
import { useOpenLogin } from './open-login-context';

/** The feature each header button belongs to: a button whose feature is off is not shown. */
export const HEADER_ITEM_FEATURES: Record<HeaderItem, FeatureKey> = {
  scheduleConsultation: 'hospitalVisit',
  healthPrograms: 'healthPrograms',
  directCall: 'directCall',
  memberPackage: 'membership',
};

/** The header's navigation buttons, in the tenant's order (navigation.header). */
export function HeaderNav({ user }: { user: StoredUser | null }) {
  const { t } = useTranslation();
  const { bundle } = useTenant();
  const openLogin = useOpenLogin();
  const programs = (isSignedIn(user) && user.listHealthProgram) || [];

  const render = (item: HeaderItem) => {
    switch (item) {
      case 'scheduleConsultation':
        return (
          <Link className={css.navItem} to={doctorListUrl({ servicetype: 3 })}>
            {t('header.scheduleConsultation')}
          </Link>
        );
      case 'healthPrograms':
        // Only signed-in users who belong to programs get the menu (spec section 6).
        if (programs.length === 0) return null;
        return (
          <MenuButton
            align="start"
            label={t('header.healthPrograms')}
            items={programs.map((program) => ({
              key: String(program.id),
              label: program.name,
              to: doctorListUrl({ servicetype: 4, healthProgramId: program.id }),
            }))}
          />
        );
      case 'directCall':
        // Spec sections 2 and 6: /direct-call needs a signed-in user; a visitor is asked to sign in first.
        return isSignedIn(user) ? (
          <NavLink className={css.navItem} to={paths.directCall}>
            {t('header.directCall')}
          </NavLink>
        ) : (
          <button type="button" className={css.navItem} onClick={() => openLogin(paths.directCall)}>
            {t('header.directCall')}
          </button>
        );
      case 'memberPackage':
        return (
          <NavLink className={css.navItem} to={paths.membership}>
            {t('header.memberPackage')}
          </NavLink>
        );
    }
  };

  const items = bundle.navigation.header
    .filter((item) => bundle.features[HEADER_ITEM_FEATURES[item]])
    .map((item) => ({ item, element: render(item) }))
    .filter((entry) => entry.element !== null);
  if (items.length === 0) return null;
  return (
    <nav className={css.navRow} aria-label={t('header.mainNav')}>
      <ul className={css.navList}>
        {items.map(({ item, element }) => (
          <li key={item}>{element}</li>
        ))}
      </ul>
    </nav>
  );
}
