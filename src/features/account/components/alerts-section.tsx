import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '../../../../schemas/accounts';
import { WarningType } from '../../../../schemas/codes';
import { replyOf } from '../../../lib/reply';
import { useConfigWarningMutation } from '../api';
import * as css from '../account.css';
import { Section, useReplyFeedback } from './section';

/** Login alerts (POST /Users/ConfigurationWarningType): an email when a new device signs in, or none. */
export function AlertsSection({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const [configure, { isLoading }] = useConfigWarningMutation();
  const feedback = useReplyFeedback();
  // Shown at once; put back if the server refuses.
  const [on, setOn] = useState(profile.warningType === WarningType.EmailOnNewDevice);
  return (
    <Section title={t('profile.alertsTitle')}>
      <label className={css.radioRow}>
        <input
          type="checkbox"
          checked={on}
          disabled={isLoading}
          onChange={async (event) => {
            const checked = event.target.checked;
            setOn(checked);
            const warningType = checked ? WarningType.EmailOnNewDevice : WarningType.None;
            if (!feedback(replyOf(await configure({ warningType })), 'profile.alertsSaved')) setOn(!checked);
          }}
        />
        {t('profile.alertsEmail')}
      </label>
    </Section>
  );
}
