import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PaymentMethod } from '../../../../schemas/codes';
import { paths } from '../../../../schemas/paths';
import { useOpenLogin } from '../../../app/layout/open-login-context';
import { button } from '../../../components/ui.css';
import { replyOf, replyText } from '../../../lib/reply';
import { isSignedIn, readUser } from '../../../lib/user-storage';
import { useStoredUser } from '../../../lib/use-stored-user';
import { useCheckoutMutation } from '../api';
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
  const [checkout, state] = useCheckoutMutation();
  const [problem, setProblem] = useState<string | null>(null);
  // The stored user as the page hydrates it (a visitor first, as the server rendered it).
  const joined = (useStoredUser()?.listHealthProgram ?? []).some((p) => p.id === programId);
  if (joined) return <p className={css.note}>{t('membership.programJoined')}</p>;

  const join = async () => {
    if (!isSignedIn(readUser())) return openLogin(window.location.pathname);
    setProblem(null);
    const reply = replyOf(
      await checkout({
        packageId: programId,
        packageType: 'healthProgram',
        paymentMethod: PaymentMethod.PayOnline,
      }),
    );
    const data = reply?.isSuccess ? reply.data : null;
    if (!data) return setProblem(replyText(t, reply));
    if (data.paymentUrl) window.location.assign(data.paymentUrl);
    else void navigate(paths.purchaseResult(data.purchaseId));
  };

  return (
    <>
      <button
        type="button"
        className={button.primary}
        disabled={state.isLoading}
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
