import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { QueryState } from '../../../components/query-state';
import { button, page } from '../../../components/ui.css';
import { paths } from '../../../../schemas/paths';
import { useNamespace } from '../../../lib/i18n/namespace';
import { replyOf, replyText } from '../../../lib/reply';
import { useStoredUser } from '../../../lib/use-stored-user';
import { useDocumentTitle } from '../../../tenant/use-document-title';
import { useBookingRules, useZoneLabel } from '../../../tenant/use-booking-rules';
import {
  useDirectCallsOfUserQuery,
  usePlaceDirectCallMutation,
  type DirectCall,
  type UserPackage,
} from '../api';
import { CallHistory } from '../components/call-history';
import { PackageCard } from '../components/package-card';
import { RingingPanel } from '../components/ringing-panel';
import * as css from '../direct-call.css';
import { directCallNs } from '../i18n/namespace';

/**
 * /direct-call ("Gọi bác sĩ", spec sections 1, 2 and 8): the packages the patient holds with their
 * calls left and validity, the call button, the ringing call, and the history of calls. The ringing
 * call's id is kept in the address (?call=) so a reload keeps watching it.
 */
export function Component() {
  const { t, ready } = useNamespace(directCallNs);
  useDocumentTitle(ready ? t('title') : '');
  return ready ? <DirectCallPage /> : null;
}

function DirectCallPage() {
  const { t } = useNamespace(directCallNs);
  const { t: tr } = useTranslation();
  const user = useStoredUser();
  const { timeZone } = useBookingRules();
  const zoneLabel = useZoneLabel(timeZone);
  const [search, setSearch] = useSearchParams();
  const ringing = Number(search.get('call')) || null;
  const [placedCall, setPlacedCall] = useState<DirectCall | undefined>();
  const [refusal, setRefusal] = useState<{ code: string | null; text: string } | null>(null);
  const userId = Number(user?.userId) || 0;
  const history = useDirectCallsOfUserQuery({ userId, pageNumber: 1 }, { skip: !userId });
  const [place, placing] = usePlaceDirectCallMutation();
  const membership = (history.data?.packages ?? []).filter((p) => p.kind === 'membership');
  const usable = membership.find((p) => p.status === 'active');

  const call = async (pkg: UserPackage | undefined) => {
    setRefusal(null);
    const data = replyOf<DirectCall>(await place(pkg ? { programId: pkg.programId } : {}));
    if (data?.isSuccess && data.data) {
      setPlacedCall(data.data);
      setSearch({ call: String(data.data.directCallId) }, { replace: true });
    } else setRefusal({ code: data?.codeMessageRespond ?? null, text: replyText(tr, data) });
  };

  return (
    <div className={page}>
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>
      {ringing ? (
        <RingingPanel
          key={ringing}
          directCallId={ringing}
          placed={placedCall?.directCallId === ringing ? placedCall : undefined}
          onAgain={() => setSearch({}, { replace: true })}
        />
      ) : (
        <div className={css.actions}>
          <button
            type="button"
            className={button.primary}
            disabled={placing.isLoading || history.isLoading}
            onClick={() => void call(usable)}
          >
            {placing.isLoading ? t('placing') : t('call')}
          </button>
        </div>
      )}
      {refusal && (
        <div role="alert" className={css.callout}>
          <p>{refusal.text}</p>
          {(refusal.code === 'user_not_join' ||
            refusal.code === 'package_expired' ||
            refusal.code === 'validate_number_call') && <Link to={paths.membership}>{t('seePackages')}</Link>}
          {refusal.code === 'direct_call_profile_required' && (
            <Link to={paths.profileSettings}>{t('completeProfile')}</Link>
          )}
        </div>
      )}
      <section className={css.section} aria-labelledby="direct-call-packages">
        <h2 id="direct-call-packages">{t('packagesTitle')}</h2>
        {zoneLabel && <p>{t('zone', { zone: zoneLabel })}</p>}
        <QueryState
          isLoading={history.isLoading}
          isError={history.isError}
          isEmpty={(history.data?.packages.length ?? 0) === 0}
          onRetry={() => void history.refetch()}
          emptyText={t('noPackage')}
        >
          <ul className={css.list}>
            {history.data?.packages.map((pkg) => (
              <PackageCard key={pkg.userPackageId} pkg={pkg} timeZone={timeZone} />
            ))}
          </ul>
        </QueryState>
        {history.data && history.data.packages.length === 0 && (
          <Link to={paths.membership}>{t('seePackages')}</Link>
        )}
      </section>
      <section className={css.section} aria-labelledby="direct-call-history">
        <h2 id="direct-call-history">{t('historyTitle')}</h2>
        {history.data && <CallHistory calls={history.data.calls} timeZone={timeZone} />}
      </section>
    </div>
  );
}
