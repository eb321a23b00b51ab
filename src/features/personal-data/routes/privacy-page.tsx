import { useSearchParams } from 'react-router-dom';
import { QueryState } from '../../../components/query-state';
import { muted, page } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import { useBookingRules, useZoneLabel } from '../../../tenant/use-booking-rules';
import { useDocumentTitle } from '../../../tenant/use-document-title';
import { AccountNav, accountLayout } from '../../account';
import { PRIVACY_PATH } from '../api';
import { AccessLog } from '../components/access-log';
import { ConsentStatus } from '../components/consent-status';
import { ExportSection } from '../components/export-section';
import { personalDataNs } from '../i18n/namespace';
import * as css from '../personal-data.css';

/** The log's page from `?page=` (1 when absent or not a positive whole number). */
const pageOf = (search: URLSearchParams) => {
  const n = Number(search.get('page'));
  return Number.isInteger(n) && n > 0 ? n : 1;
};

/**
 * /me/privacy (behind the route guard; Personal Data Protection Law 91/2025): the
 * health-data consent (withdraw, or agree again), who looked at my records and when (times in
 * the hospital's zone), and "Download all my data".
 */
export function Component() {
  const { t, ready } = useNamespace(personalDataNs);
  const [search] = useSearchParams();
  const { timeZone } = useBookingRules();
  const zoneLabel = useZoneLabel(timeZone);
  useDocumentTitle(ready ? t('page.title') : '');
  return (
    <div className={`${page} ${accountLayout}`}>
      <AccountNav />
      {!ready ? (
        <QueryState isLoading isError={false} isEmpty={false} skeletons={3}>
          {null}
        </QueryState>
      ) : (
        <div className={css.stack}>
          <h1>{t('page.title')}</h1>
          <p className={muted}>{t('page.intro')}</p>
          {zoneLabel && <p>{t('page.timesIn', { zone: zoneLabel })}</p>}
          <ConsentStatus timeZone={timeZone} />
          <AccessLog
            pageNumber={pageOf(search)}
            timeZone={timeZone}
            hrefFor={(pageNumber) => (pageNumber > 1 ? `${PRIVACY_PATH}?page=${pageNumber}` : PRIVACY_PATH)}
          />
          <ExportSection />
        </div>
      )}
    </div>
  );
}
