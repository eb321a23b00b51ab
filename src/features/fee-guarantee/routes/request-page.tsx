import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Dialog } from '../../../components/dialog';
import { QueryState } from '../../../components/query-state';
import { button, card, page } from '../../../components/ui.css';
import { formatVnd } from '../../../lib/i18n/format-money';
import { useNamespace } from '../../../lib/i18n/namespace';
import { downloadPrivateFile } from '../../../lib/private-files';
import { keyText, replyOf, replyText } from '../../../lib/reply';
import { useDocumentTitle } from '../../../tenant/use-document-title';
import { AccountNav } from '../../account';
import { useCancelFeeGuaranteeMutation, useFeeGuaranteeQuery, type FeeGuarantee } from '../api';
import { RequestFacts } from '../components/request-facts';
import { SignatureImage } from '../components/signature-image';
import * as css from '../fee-guarantee.css';
import { feeGuaranteeNs } from '../i18n/namespace';
import { feeGuaranteePaths, idOf } from '../paths';

/** What the request's state means for the patient, in one sentence. */
function StateText({ request: f }: { request: FeeGuarantee }) {
  const { t, i18n } = useNamespace(feeGuaranteeNs);
  if (f.status === 'approved')
    return (
      <p role="status">{t('detail.approved', { amount: formatVnd(f.approvedAmount ?? 0, i18n.language) })}</p>
    );
  return (
    <>
      <p role="status">{t(`detail.${f.status}`)}</p>
      {f.status === 'rejected' && f.decisionNote && <p>{t('detail.reason', { reason: f.decisionNote })}</p>}
    </>
  );
}

/**
 * /me/fee-guarantee/:id: waiting for approval (with cancel), the result (approved amount and the
 * way to sign, or the rejection's reason), signed or cancelled.
 */
export function Component() {
  const { t, ready } = useNamespace(feeGuaranteeNs);
  const main = useTranslation();
  const id = idOf(useParams().id);
  const { data, isLoading, error, refetch } = useFeeGuaranteeQuery(id, { skip: !id });
  const [cancel, cancelling] = useCancelFeeGuaranteeMutation();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useDocumentTitle(ready ? t('title') : '');
  const notFound = !id || (!!error && 'status' in error && error.status === 404);

  const download = async () => {
    setFailure(null);
    try {
      await downloadPrivateFile(
        `/api/v1/HospitalBillCoverages/GetConfirmationPdf/${id}`,
        `fee-guarantee-${id}.pdf`,
      );
    } catch (err) {
      setFailure(keyText(main.t, (err as Error).message) ?? t('detail.downloadFailed'));
    }
  };

  const doCancel = async () => {
    setConfirming(false);
    const reply = replyOf(await cancel(id));
    setFailure(reply?.isSuccess ? null : replyText(main.t, reply, 'something_went_wrong'));
  };

  return (
    <div className={`${page} ${css.layout}`}>
      <AccountNav />
      <div className={css.stack}>
        <h1>{ready ? t('detail.title', { id }) : '…'}</h1>
        {ready && (
          <QueryState
            isLoading={isLoading}
            isError={!!error && !notFound}
            isEmpty={notFound || !data}
            emptyText={main.t('fee_guarantee_not_found')}
            onRetry={refetch}
          >
            {data && (
              <section className={`${card} ${css.stack}`}>
                <StateText request={data} />
                {data.decisionNote && data.status !== 'rejected' && (
                  <p>{t('detail.decisionNote', { note: data.decisionNote })}</p>
                )}
                <RequestFacts request={data} />
                {data.signatureUrl && <SignatureImage url={data.signatureUrl} alt={t('detail.signature')} />}
                {failure && (
                  <p role="alert" className={css.error}>
                    {failure}
                  </p>
                )}
                <div className={css.actions}>
                  {data.status === 'approved' && (
                    <Link className={button.primary} to={feeGuaranteePaths.sign(data.feeGuaranteeId)}>
                      {t('detail.sign')}
                    </Link>
                  )}
                  {data.status === 'signed' && (
                    <button type="button" className={button.primary} onClick={download}>
                      {t('detail.downloadPdf')}
                    </button>
                  )}
                  {data.status === 'waiting' && (
                    <button
                      type="button"
                      className={button.secondary}
                      disabled={cancelling.isLoading}
                      onClick={() => setConfirming(true)}
                    >
                      {t('detail.cancel')}
                    </button>
                  )}
                </div>
              </section>
            )}
          </QueryState>
        )}
        {ready && (
          <p>
            <Link to={feeGuaranteePaths.list}>{t('detail.back')}</Link>
          </p>
        )}
        {ready && (
          <Dialog open={confirming} title={t('detail.cancel')} onClose={() => setConfirming(false)}>
            <p>{t('detail.cancelConfirm')}</p>
            <div className={css.actions}>
              <button type="button" className={button.primary} onClick={doCancel}>
                {t('detail.cancel')}
              </button>
              <button type="button" className={button.secondary} onClick={() => setConfirming(false)}>
                {t('detail.keep')}
              </button>
            </div>
          </Dialog>
        )}
      </div>
    </div>
  );
}
