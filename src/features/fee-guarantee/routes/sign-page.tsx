import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { QueryState } from '../../../components/query-state';
import { button, card, page } from '../../../components/ui.css';
import { formatVnd } from '../../../lib/i18n/format-money';
import { useNamespace } from '../../../lib/i18n/namespace';
import { replyOf } from '../../../lib/reply';
import { useDocumentTitle } from '../../../tenant/use-document-title';
import { AccountNav } from '../../account';
import { useFeeGuaranteeQuery, useSignFeeGuaranteeMutation, type SignatureOutcome } from '../api';
import { SignatureField, type SignatureFieldHandle } from '../components/signature-field';
import * as css from '../fee-guarantee.css';
import { feeGuaranteeNs } from '../i18n/namespace';
import { feeGuaranteePaths, idOf } from '../paths';

/**
 * /me/fee-guarantee/:id/sign: the patient signs an approved guarantee on screen; "Send
 * signature" stays disabled while the box is empty. The PNG goes as multipart `Files` to
 * SignatureHospitalBillCoverageConfirmForWeb; the outcome page then says success or failure.
 */
export function Component() {
  const { t, i18n, ready } = useNamespace(feeGuaranteeNs);
  const main = useTranslation();
  const navigate = useNavigate();
  const id = idOf(useParams().id);
  const { data, isLoading, error, refetch } = useFeeGuaranteeQuery(id, { skip: !id });
  const [sign, signing] = useSignFeeGuaranteeMutation();
  const [empty, setEmpty] = useState(true);
  const field = useRef<SignatureFieldHandle>(null);
  useDocumentTitle(ready ? t('sign.title') : '');
  const notFound = !id || (!!error && 'status' in error && error.status === 404);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const png = field.current?.toPng();
    if (!png) return setEmpty(true);
    const reply = replyOf<SignatureOutcome>(await sign({ id, signature: png }));
    if (reply?.isSuccess && reply.data?.success) return navigate(feeGuaranteePaths.outcome(id, 'success'));
    const key = reply?.errors?.[0] ?? reply?.codeMessageRespond ?? null;
    navigate(feeGuaranteePaths.outcome(id, 'failure', key));
  };

  return (
    <div className={`${page} ${css.layout}`}>
      <AccountNav />
      <div className={css.stack}>
        <h1>{ready ? t('sign.title') : '…'}</h1>
        {ready && (
          <QueryState
            isLoading={isLoading}
            isError={!!error && !notFound}
            isEmpty={notFound || !data}
            emptyText={main.t('fee_guarantee_not_found')}
            onRetry={refetch}
          >
            {data && data.status !== 'approved' && (
              <p role="alert">
                {t('sign.notReady')} <Link to={feeGuaranteePaths.detail(id)}>{t('outcome.viewRequest')}</Link>
              </p>
            )}
            {data && data.status === 'approved' && (
              <form className={`${card} ${css.stack}`} onSubmit={submit}>
                <p>
                  {t('sign.summary', {
                    amount: formatVnd(data.approvedAmount ?? 0, i18n.language),
                    hospital: data.hospitalName,
                    patient: data.patientName,
                  })}
                </p>
                <SignatureField
                  ref={field}
                  label={t('sign.canvasLabel')}
                  instructions={t('sign.instructions')}
                  clearLabel={t('sign.clear')}
                  emptyHint={t('sign.emptyHint')}
                  typeLabel={t('sign.typeLabel')}
                  empty={empty}
                  onEmptyChange={setEmpty}
                />
                <div className={css.actions}>
                  <button type="submit" className={button.primary} disabled={empty || signing.isLoading}>
                    {signing.isLoading ? t('sign.sending') : t('sign.submit')}
                  </button>
                  <Link to={feeGuaranteePaths.detail(id)}>{t('outcome.viewRequest')}</Link>
                </div>
              </form>
            )}
          </QueryState>
        )}
      </div>
    </div>
  );
}
