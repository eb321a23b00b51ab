import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  MessageCategory,
  MessageChannel,
  NotificationPreferences,
  NotificationPreferencesBody,
} from '../../../../schemas/notifications';
import { QueryState } from '../../../components/query-state';
import { button, card, field, input, label, muted } from '../../../components/ui.css';
import { replyOf, replyText } from '../../../lib/reply';
import { zoneClockName } from '../../../../schemas/time';
import { showToast } from '../../../lib/toast/toast-store';
import { useNotificationPreferencesQuery, useUpdateNotificationPreferencesMutation } from '../api';
import * as css from './notification-preferences.css';

// Types only from the contract (its TypeBox schemas stay out of the web bundle); `satisfies` keeps
// these lists complete and exact when the contract changes.
const CHANNELS = Object.keys({ email: 1, sms: 1, push: 1 } satisfies Record<
  MessageChannel,
  1
>) as MessageChannel[];
const CATEGORIES = Object.keys({ service: 1, reminder: 1, marketing: 1 } satisfies Record<
  MessageCategory,
  1
>) as MessageCategory[];

/**
 * Message preferences on /me/profile-settings/ (schemas/notifications.ts): for each channel
 * (email, SMS, push) which categories it carries (service messages, reminders, offers), and quiet
 * hours read in the hospital's time zone, named next to them. In-app notifications and security
 * messages are not switches: they always arrive. One form, saved with its button.
 */
export function NotificationPreferencesSection() {
  const { t } = useTranslation();
  const id = useId();
  const preferences = useNotificationPreferencesQuery();
  return (
    <section className={`${card} ${css.section}`} aria-labelledby={id}>
      <h2 id={id} className={css.title}>
        {t('notificationPreferences.title')}
      </h2>
      <QueryState
        isLoading={preferences.isLoading}
        isError={preferences.isError}
        isEmpty={!preferences.data}
        onRetry={preferences.refetch}
        skeletons={2}
      >
        {/* Re-read the form when the saved preferences change. */}
        {preferences.data && (
          <PreferencesForm key={JSON.stringify(preferences.data)} saved={preferences.data} />
        )}
      </QueryState>
    </section>
  );
}

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const { t, i18n } = useTranslation();
  const zoneId = useId();
  const [draft, setDraft] = useState<NotificationPreferencesBody>({
    channels: saved.channels,
    quietHours: saved.quietHours,
  });
  const [update, { isLoading }] = useUpdateNotificationPreferencesMutation();
  const lang = i18n.language === 'en' ? 'en' : 'vi';

  const toggle = (channel: MessageChannel, category: MessageCategory, on: boolean) =>
    setDraft((d) => ({
      ...d,
      channels: { ...d.channels, [channel]: { ...d.channels[channel], [category]: on } },
    }));
  const setQuiet = (change: Partial<NotificationPreferencesBody['quietHours']>) =>
    setDraft((d) => ({ ...d, quietHours: { ...d.quietHours, ...change } }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const reply = replyOf(await update(draft));
    if (reply?.isSuccess) showToast(t('notificationPreferences.saved'), 'success');
    else showToast(replyText(t, reply), 'error');
  };

  return (
    <form onSubmit={(event) => void submit(event)}>
      <p className={muted}>{t('notificationPreferences.intro')}</p>
      <div className={css.channels}>
        {CHANNELS.map((channel) => (
          <fieldset key={channel} className={css.group}>
            <legend className={css.legend}>{t(`notificationPreferences.channel.${channel}`)}</legend>
            {CATEGORIES.map((category) => (
              <label key={category} className={css.row}>
                <input
                  type="checkbox"
                  role="switch"
                  checked={draft.channels[channel][category]}
                  onChange={(event) => toggle(channel, category, event.target.checked)}
                />
                {t(`notificationPreferences.category.${category}`)}
              </label>
            ))}
          </fieldset>
        ))}
      </div>
      <fieldset className={css.group} aria-describedby={zoneId}>
        <legend className={css.legend}>{t('notificationPreferences.quietHours')}</legend>
        <label className={css.row}>
          <input
            type="checkbox"
            role="switch"
            checked={draft.quietHours.enabled}
            onChange={(event) => setQuiet({ enabled: event.target.checked })}
          />
          {t('notificationPreferences.quietEnabled')}
        </label>
        <div className={css.times}>
          <label className={field}>
            <span className={label}>{t('notificationPreferences.quietStart')}</span>
            <input
              type="time"
              className={input}
              required
              value={draft.quietHours.start}
              disabled={!draft.quietHours.enabled}
              onChange={(event) => setQuiet({ start: event.target.value })}
            />
          </label>
          <label className={field}>
            <span className={label}>{t('notificationPreferences.quietEnd')}</span>
            <input
              type="time"
              className={input}
              required
              value={draft.quietHours.end}
              disabled={!draft.quietHours.enabled}
              onChange={(event) => setQuiet({ end: event.target.value })}
            />
          </label>
        </div>
        <p id={zoneId} className={muted}>
          {t('notificationPreferences.quietZone', { zone: zoneClockName(saved.timeZone, lang) })}
        </p>
      </fieldset>
      <div className={css.actions}>
        <button type="submit" className={button.primary} disabled={isLoading}>
          {t('notificationPreferences.save')}
        </button>
      </div>
    </form>
  );
}
