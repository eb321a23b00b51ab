import { useTranslation } from 'react-i18next';
import type { LoginDevice } from '../../../../schemas/accounts';
import { QueryState } from '../../../components/query-state';
import { button, muted } from '../../../components/ui.css';
import { useHospitalClock } from '../../../tenant/use-booking-rules';
import { useDeferredModule } from '../../../lib/hooks/use-deferred-module';
import { replyOf } from '../../../lib/reply';
import { clearUser } from '../../../lib/user-storage';
import { useLoginDevicesQuery, useLogoutDevicesMutation } from '../api';
import * as css from '../account.css';
import { Section, useReplyFeedback } from './section';

const DEVICE_TYPE_KEYS = ['profile.deviceWeb', 'profile.deviceAndroid', 'profile.deviceIos'];

// The user-agent reader (bowser, 7 KB gz) loads after the page's first render, alongside the list.
const loadDeviceName = () => import('../device-name');

/** Login devices (GET /Users/GetLoginDevices): sign one out, or every other one (LogoutReliableDevice). */
export function DevicesSection() {
  const clock = useHospitalClock();
  const { t } = useTranslation();
  const devices = useLoginDevicesQuery();
  const reader = useDeferredModule(loadDeviceName);
  const [logout, { isLoading }] = useLogoutDevicesMutation();
  const feedback = useReplyFeedback();
  const list = devices.data ?? [];
  // Signed-out devices stay listed (untrusted) so the user can see where the account was used.
  const others = list.filter((device) => !device.current && device.trusted).map((device) => device.id);

  const signOut = async (ids: number[], includesThis: boolean) => {
    const ok = feedback(replyOf(await logout({ ids })), 'profile.devicesSignedOut');
    // Signing this browser out ends the session here too.
    if (ok && includesThis) clearUser();
  };

  // Browser and system, not the raw user agent. The server stores no place for a sign-in (only
  // the address), so no place is shown.
  const describe = (device: LoginDevice) => {
    // Should the reader fail to load, the device's type names it.
    const { browser, system } = reader.module?.deviceName(device.userAgent) ?? {
      browser: null,
      system: null,
    };
    const kind = t(DEVICE_TYPE_KEYS[device.deviceType] ?? 'profile.deviceWeb');
    return [browser ?? kind, system].filter(Boolean).join(' · ');
  };

  return (
    <Section title={t('profile.devicesTitle')}>
      <QueryState
        isLoading={devices.isLoading || (!reader.module && !reader.failed)}
        isError={devices.isError}
        isEmpty={list.length === 0}
        onRetry={devices.refetch}
      >
        <ul className={css.deviceList}>
          {list.map((device) => (
            <li key={device.id} className={css.deviceItem}>
              <div>
                <div>
                  {describe(device)} {device.current && <strong>({t('profile.thisDevice')})</strong>}
                </div>
                <div className={muted}>
                  {t('profile.lastUsed', { date: clock.dateTime(device.lastUsedAt) })} ·{' '}
                  {device.ip && <>{t('profile.deviceIp', { ip: device.ip })} · </>}
                  {t(device.trusted || device.current ? 'profile.deviceActive' : 'profile.deviceSignedOut')}
                </div>
              </div>
              {(device.trusted || device.current) && (
                <button
                  type="button"
                  className={button.ghost}
                  disabled={isLoading}
                  aria-label={t('profile.signOutDevice', { device: describe(device) })}
                  onClick={() => signOut([device.id], device.current)}
                >
                  {t('profile.signOut')}
                </button>
              )}
            </li>
          ))}
        </ul>
        {others.length > 0 && (
          <button
            type="button"
            className={button.secondary}
            disabled={isLoading}
            onClick={() => signOut(others, false)}
          >
            {t('profile.signOutOthers')}
          </button>
        )}
      </QueryState>
    </Section>
  );
}
