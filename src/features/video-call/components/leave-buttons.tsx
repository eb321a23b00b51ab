import { button } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import type { CallRole } from '../call-peer';
import { videoCallNs } from '../i18n/namespace';
import * as css from '../video-call.css';

/** Leave the call; the doctor may also end it for both sides. The same on every provider. */
export function LeaveButtons({ role, onLeave }: { role: CallRole; onLeave(forAll: boolean): void }) {
  const { t } = useNamespace(videoCallNs);
  return (
    <>
      <button type="button" className={`${button.primary} ${css.danger}`} onClick={() => onLeave(false)}>
        {t('hangUp')}
      </button>
      {role === 'doctor' && (
        <button type="button" className={`${button.primary} ${css.danger}`} onClick={() => onLeave(true)}>
          {t('endForAll')}
        </button>
      )}
    </>
  );
}
