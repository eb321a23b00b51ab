import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { useLogoutMutation } from '../../api/session-api';
import { MenuButton, type MenuItem } from '../../components/menu-button';
import { muted } from '../../components/ui.css';
import { ACCOUNT_LINKS } from '../../../schemas/paths';
import { baseApi } from '../../lib/api';
import { clearUser, phoneOf, type StoredUser } from '../../lib/user-storage';
import { useTenant } from '../../tenant/tenant-context';
import * as css from './header.css';

/** The signed-in user's dropdown: name and phone, the account pages, and sign out. */
export function UserMenu({ user }: { user: StoredUser }) {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const [logout] = useLogoutMutation();
  const { features } = useTenant().bundle;
  const name = user.fullName || user.email || phoneOf(user);
  const phone = phoneOf(user);
  const items: MenuItem[] = [
    ...ACCOUNT_LINKS.filter((link) => !link.feature || features[link.feature]).map((link) => ({
      key: link.path,
      label: t(link.labelKey),
      to: link.path,
    })),
    {
      key: 'logout',
      label: t('header.logout'),
      onSelect: async () => {
        // Revoke this device's refresh token on the server first, while the token is still held.
        await logout().catch(() => undefined);
        clearUser();
        // Drop cached replies that belonged to the signed-in user.
        dispatch(baseApi.util.resetApiState());
      },
    },
  ];
  return (
    <MenuButton
      label={<span className={css.userLabel}>{name}</span>}
      ariaLabel={t('header.accountMenu', { name })}
      header={
        <>
          <strong>{user.fullName}</strong>
          {phone && <div className={muted}>{phone}</div>}
        </>
      }
      items={items}
    />
  );
}
