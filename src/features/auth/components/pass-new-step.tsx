import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { button, fullWidth, muted } from '../../../components/ui.css';
import {
  collectErrors,
  isValid,
  newConfirmRule,
  newPasswordRule,
  type FormErrors,
} from '../../../lib/account-rules';
import { focusFirstError } from '../../../lib/focus-first-error';
import { replyOf } from '../../../lib/reply';
import { useChangePasswordNewMutation } from '../api';
import type { AuthView } from '../auth-view';
import { useApplyLoginReply, type FlowHandlers } from '../use-apply-login-reply';
import { NewPasswordFields } from './new-password-fields';
import { storedPushToken } from '../../push';

type Field = 'password' | 'confirm';

/**
 * PassNew: the account must replace its password before use (POST /Auth/ChangePasswordNew with
 * the password just typed as currentPassword). Its reply is a login reply, so the user is then
 * signed in automatically.
 */
export function PassNewStep({
  view,
  flow,
}: {
  view: Extract<AuthView, { name: 'pass-new' }>;
  flow: FlowHandlers;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [change, { isLoading }] = useChangePasswordNewMutation();
  const apply = useApplyLoginReply(flow);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = collectErrors<Field>({
      password: newPasswordRule(password),
      confirm: newConfirmRule(password, confirm),
    });
    setErrors(found);
    if (!isValid(found)) return focusFirstError(event.currentTarget);
    const name = { userName: view.userName, ...(view.countryId ? { countryId: view.countryId } : {}) };
    const reply = replyOf(
      await change({
        UserName: view.userName,
        Password: password,
        currentPassword: view.currentPassword,
        ...(view.countryId ? { countryId: view.countryId } : {}),
        deviceType: 0,
        deviceTokenWeb: storedPushToken(),
      }),
    );
    // A refused new password (policy, common password) is shown under the field.
    const refused = reply && !reply.isSuccess ? reply.errors?.[0] : undefined;
    if (refused && refused !== 'enter_valid_OTP') {
      setErrors({ password: refused });
      return;
    }
    apply(reply, name);
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <p className={muted}>{t('auth.passNewIntro')}</p>
      <NewPasswordFields
        wording="new"
        password={password}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
        errors={errors}
      />
      <button type="submit" className={`${button.primary} ${fullWidth}`} disabled={isLoading}>
        {t('auth.savePassword')}
      </button>
    </form>
  );
}
