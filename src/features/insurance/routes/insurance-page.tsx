import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Dialog } from '../../../components/dialog';
import { Pager } from '../../../components/pager';
import { QueryState } from '../../../components/query-state';
import { button, page } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import { useDeferredModule } from '../../../lib/hooks/use-deferred-module';
import { replyOf, replyText } from '../../../lib/reply';
import { showToast } from '../../../lib/toast/toast-store';
import { useBookingRules } from '../../../tenant/use-booking-rules';
import { useDocumentTitle } from '../../../tenant/use-document-title';
import { AccountNav } from '../../account';
import { ConsentGate } from '../../personal-data';
import {
  useDeleteInsuranceProfileMutation,
  useInsuranceProfilesQuery,
  useMyInsuranceClaimsQuery,
  type InsuranceClaim,
  type InsuranceProfile,
} from '../api';
import { ClaimDetail } from '../components/claim-detail';
import { ClaimList } from '../components/claim-list';
import { ProfileForm } from '../components/profile-form';
import { ProfileList } from '../components/profile-list';
import { insuranceNs } from '../i18n/namespace';
import * as css from '../insurance.css';

export const INSURANCE_PATH = '/me/insurance';

// The claim form (react-jsonschema-form, about 60 KB gz) loads after the page's first render.
const loadClaimForm = () => import('../components/claim-form');

/**
 * /me/insurance ("Insurance information", behind the `insurance` feature): the insurance profiles
 * of the user and their family (add, edit with card photos, delete), "file a claim" (the tenant's
 * claim form, inside the health-data consent gate), and the user's claims with each one's status
 * (15 a page, `?page=`), a claim opening in a dialog.
 */
export function Component() {
  const { t, ready } = useNamespace(insuranceNs);
  const { t: tr } = useTranslation();
  const [search] = useSearchParams();
  const pageNumber = Math.max(1, Number(search.get('page')) || 1);
  const { timeZone } = useBookingRules();
  const profiles = useInsuranceProfilesQuery();
  const claims = useMyInsuranceClaimsQuery({ pageNumber });
  const [deleteProfile] = useDeleteInsuranceProfileMutation();
  const [editing, setEditing] = useState<InsuranceProfile | 'new' | null>(null);
  const [deleting, setDeleting] = useState<InsuranceProfile | null>(null);
  const [filing, setFiling] = useState(false);
  const claimForm = useDeferredModule(loadClaimForm);
  const [open, setOpen] = useState<InsuranceClaim | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  useDocumentTitle(tr('account.insurance'));

  const confirmDelete = async () => {
    if (!deleting) return;
    const reply = replyOf(await deleteProfile(deleting.insuranceProfileId));
    if (!reply?.isSuccess) {
      setDeleteError(replyText(tr, reply));
      return;
    }
    setDeleting(null);
    showToast(t('profile.deleted'), 'success');
  };
  const claimList = claims.currentData?.insuranceClaims ?? [];

  return (
    <div className={`${page} ${css.layout}`}>
      <AccountNav />
      <div>
        <h1>{tr('account.insurance')}</h1>
        <section className={css.section} aria-labelledby="insurance-profiles">
          <div className={css.header}>
            <h2 id="insurance-profiles">{ready ? t('profile.title') : ''}</h2>
            {ready && (
              <button type="button" className={button.primary} onClick={() => setEditing('new')}>
                {t('profile.add')}
              </button>
            )}
          </div>
          <QueryState
            isLoading={!ready || profiles.isLoading}
            isError={profiles.isError}
            isEmpty={(profiles.data ?? []).length === 0}
            onRetry={profiles.refetch}
            emptyText={ready ? t('profile.empty') : ''}
          >
            <ProfileList profiles={profiles.data ?? []} onEdit={setEditing} onDelete={setDeleting} />
          </QueryState>
        </section>
        <section className={css.section} aria-labelledby="insurance-claims">
          <div className={css.header}>
            <h2 id="insurance-claims">{ready ? t('claims.title') : ''}</h2>
            {ready && (
              <button type="button" className={button.primary} onClick={() => setFiling(true)}>
                {t('claims.file')}
              </button>
            )}
          </div>
          <QueryState
            isLoading={!ready || (claims.isFetching && !claims.currentData)}
            isError={claims.isError}
            isEmpty={claimList.length === 0}
            onRetry={claims.refetch}
            emptyText={ready ? t('claims.empty') : ''}
          >
            <ClaimList claims={claimList} timeZone={timeZone} onOpen={setOpen} />
            {claims.currentData && (
              <Pager
                pagination={claims.currentData.pagination}
                hrefFor={(n) => `${INSURANCE_PATH}?page=${n}`}
              />
            )}
          </QueryState>
        </section>
      </div>
      {ready && (
        <>
          <Dialog
            open={editing !== null}
            title={t(editing === 'new' ? 'profile.addTitle' : 'profile.editTitle')}
            onClose={() => setEditing(null)}
          >
            <ConsentGate>
              <ProfileForm
                profile={editing === 'new' ? null : editing}
                onCancel={() => setEditing(null)}
                onDone={() => {
                  setEditing(null);
                  showToast(t('profile.saved'), 'success');
                }}
              />
            </ConsentGate>
          </Dialog>
          {/* Opens once the form's code is there, so that it opens on the form's first field. */}
          <Dialog
            open={filing && (claimForm.module !== null || claimForm.failed)}
            title={t('claims.fileTitle')}
            onClose={() => setFiling(false)}
          >
            {claimForm.module ? (
              <ConsentGate>
                <claimForm.module.ClaimForm
                  onCancel={() => setFiling(false)}
                  onFiled={() => {
                    setFiling(false);
                    showToast(t('claims.filed'), 'success');
                  }}
                />
              </ConsentGate>
            ) : (
              <p role="alert">{tr('state.error')}</p>
            )}
          </Dialog>
          <Dialog
            open={open !== null}
            title={open ? t('claims.number', { id: open.insuranceClaimId }) : ''}
            onClose={() => setOpen(null)}
          >
            {open && <ClaimDetail claimId={open.insuranceClaimId} timeZone={timeZone} />}
          </Dialog>
          <Dialog
            open={deleting !== null}
            title={t('profile.deleteTitle')}
            onClose={() => {
              setDeleting(null);
              setDeleteError(null);
            }}
          >
            <p>{t('profile.deleteText', { name: deleting?.insuredName ?? '' })}</p>
            {deleteError && (
              <p role="alert" className={css.alert}>
                {deleteError}
              </p>
            )}
            <div className={css.actions}>
              <button type="button" className={button.ghost} onClick={() => setDeleting(null)}>
                {t('cancel')}
              </button>
              <button type="button" className={button.primary} onClick={() => void confirmDelete()}>
                {t('delete')}
              </button>
            </div>
          </Dialog>
        </>
      )}
    </div>
  );
}
