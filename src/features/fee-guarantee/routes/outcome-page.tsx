import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { button, card, page } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import { keyText } from '../../../lib/reply';
import { useDocumentTitle } from '../../../tenant/use-document-title';
import { AccountNav } from '../../account';
import * as css from '../fee-guarantee.css';
import { feeGuaranteeNs } from '../i18n/namespace';
import { feeGuaranteePaths, idOf } from '../paths';

/** Only message keys (never arbitrary text from the URL) are shown as the reason. */
const KEY = /^[a-z][a-z0-9_]{0,59}$/;

/**
 * /me/fee-guarantee/:id/outcome?result=success|failure[&reason=<key>]: the signed confirmation's
 * outcome. Success says the guarantee is confirmed; failure says why (the server's message key,
 * translated) and offers to sign again.
 */
export function Component() {
  const { t, ready } = useNamespace(feeGuaranteeNs);
  const main = useTranslation();
  const id = idOf(useParams().id);
  const [search] = useSearchParams();
  const success = search.get('result') === 'success';
  const reason = search.get('reason');
  const reasonText = reason && KEY.test(reason) ? keyText(main.t, reason) : null;
  const title = success ? t('outcome.successTitle') : t('outcome.failureTitle');
  useDocumentTitle(ready ? title : '');
  return (
    <div className={`${page} ${css.layout}`}>
      <AccountNav />
      <div className={css.stack}>
        <h1>{ready ? t('title') : '…'}</h1>
        {ready && (
          <section className={`${card} ${css.stack}`} aria-labelledby="fee-guarantee-outcome">
            <h2 id="fee-guarantee-outcome" className={success ? css.ok : css.bad}>
              {title}
            </h2>
            <p role="status">
              {success ? t('outcome.successText') : t('outcome.failureText')}
              {!success && reasonText ? ` ${reasonText}` : ''}
            </p>
            <div className={css.actions}>
              {!success && id > 0 && (
                <Link className={button.primary} to={feeGuaranteePaths.sign(id)}>
                  {t('outcome.tryAgain')}
                </Link>
              )}
              {id > 0 && (
                <Link
                  className={success ? button.primary : button.secondary}
                  to={feeGuaranteePaths.detail(id)}
                >
                  {t('outcome.viewRequest')}
                </Link>
              )}
            </div>
          </section>
        )}
      </div>
    </div>
  );
}
