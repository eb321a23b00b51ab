import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { page } from '../../../components/ui.css';
import { useStoredUser } from '../../../lib/use-stored-user';
import { useDocumentTitle } from '../../../tenant/use-document-title';
import { NotificationPreferencesSection } from '../../notifications';
import { PrivacyLink } from '../../personal-data';
import { useProfileQuery } from '../api';
import * as css from '../account.css';
import { AccountNav } from '../components/account-nav';
import { AlertsSection } from '../components/alerts-section';
import { CompleteProfileNotice } from '../components/complete-profile-notice';
import { ContactSection } from '../components/contact-section';
import { DeleteSection } from '../components/delete-section';
import { DevicesSection } from '../components/devices-section';
import { PasswordSection } from '../components/password-section';
import { PinSection } from '../components/pin-section';
import { ProfileSection } from '../components/profile-section';
import { RefundBankSection } from '../components/refund-bank-section';
import { TwoFactorSection } from '../components/two-factor-section';

/**
 * /me/profile-settings/ (behind the route guard): profile, phone and email, password, PIN,
 * two-factor authentication, login devices, login alerts, message preferences (channels and quiet
 * hours) and account deletion.
 */
export function Component() {
  const { t } = useTranslation();
  const user = useStoredUser();
  const profile = useProfileQuery(user?.userId ?? 0, { skip: !user?.userId });
  useDocumentTitle(t('account.profileSettings'));
  const data = profile.data;
  return (
    <div className={`${page} ${css.layout}`}>
      <AccountNav />
      <div>
        <h1>{t('account.profileSettings')}</h1>
        <QueryState
          isLoading={profile.isLoading}
          isError={profile.isError}
          isEmpty={!data}
          onRetry={profile.refetch}
        >
          {data && (
            <>
              <CompleteProfileNotice profile={data} />
              {/* Re-read the form when the saved details change, not on every refetch. */}
              <ProfileSection key={[data.fullName, data.gender, data.dateOfBirth].join('|')} profile={data} />
              <ContactSection profile={data} />
              <PasswordSection />
              <PinSection profile={data} />
              <RefundBankSection />
              {/* No key: the recovery codes must survive the profile refetch that follows enabling. */}
              <TwoFactorSection profile={data} />
              <DevicesSection />
              <AlertsSection profile={data} />
              <NotificationPreferencesSection />
              <PrivacyLink />
              <DeleteSection />
            </>
          )}
        </QueryState>
      </div>
    </div>
  );
}
