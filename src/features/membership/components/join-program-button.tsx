import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PaymentMethod } from '../../../../schemas/codes';
import { paths } from '../../../../schemas/paths';
import { useOpenLogin } from '../../../app/layout/open-login-context';
import { button } from '../../../components/ui.css';
import { replyText } from '../../../lib/reply';
import { isSignedIn, readUser } from '../../../lib/user-storage';
import { useStoredUser } from '../../../lib/use-stored-user';
import { useCheckout } from '../use-checkout';
import * as css from '../membership.css';

/**
 * "Tham gia" on a health program (spec sections 2, 3: the programs a user belongs to): the same
 * checkout as a member package (packageType healthProgram), paid at the bank or at once when it
 * costs nothing; a visitor signs in first.
 */
export function JoinProgramButton({ programId, name }: { programId: number; name: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const openLogin = useOpenLogin();
  const checkout = useCheckout();
  const [problem, setProblem] = useState<string | null>(null);
  // The stored user as the page hydrates it (a visitor first, as the server rendered it).
  const joined = (useStoredUser()?.listHealthProgram ?? []).some((p) => p.id === programId);
  if (joined) return <p className={css.note}>{t('membership.programJoined')}</p>;

  const join = async () => {
    if (!isSignedIn(readUser())) return openLogin(window.location.pathname);
    setProblem(null);
    const { result, reply } = await checkout.start({
      packageId: programId,
      packageType: 'healthProgram',
      paymentMethod: PaymentMethod.PayOnline,
    });
    if (!result) return setProblem(replyText(t, reply));
    if (!result.paymentUrl) void navigate(paths.purchaseResult(result.purchaseId));
  };

  return (
    <>
      <button
        type="button"
        className={button.primary}
        disabled={checkout.isLoading}
        onClick={() => void join()}
        aria-label={t('membership.joinProgram', { name })}
      >
        {t('membership.join')}
      </button>
      {problem && (
        <p role="alert" className={css.error}>
          {problem}
        </p>
      )}
    </>
  );
}
