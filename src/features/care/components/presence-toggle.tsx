import { button } from '../../../components/ui.css';
import type { useNamespace } from '../../../lib/i18n/namespace';
import type { usePresence } from '../use-presence';
import * as css from '../care.css';

/** Online / away for direct calls (doctors only): two pressed-state buttons in a labelled group. */
export function PresenceToggle({
  t,
  presence,
}: {
  t: ReturnType<typeof useNamespace>['t'];
  presence: ReturnType<typeof usePresence>;
}) {
  return (
    <div role="group" aria-labelledby="care-presence-title">
      <p id="care-presence-title">
        {t('presence.title')}: <strong>{t(presence.online ? 'presence.online' : 'presence.away')}</strong>
      </p>
      <div className={css.row}>
        <button
          type="button"
          className={presence.online ? button.primary : button.secondary}
          aria-pressed={presence.online}
          onClick={() => void presence.set('online')}
        >
          {t('presence.goOnline')}
        </button>
        <button
          type="button"
          className={presence.online ? button.secondary : button.primary}
          aria-pressed={!presence.online}
          onClick={() => void presence.set('away')}
        >
          {t('presence.goAway')}
        </button>
      </div>
      {presence.online && <p>{t('presence.onlineNote')}</p>}
    </div>
  );
}
