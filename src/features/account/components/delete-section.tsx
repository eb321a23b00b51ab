import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { TextField } from '../../../components/text-field';
import { button } from '../../../components/ui.css';
import { paths } from '../../../../schemas/paths';
import { baseApi } from '../../../lib/api';
import { passwordRequiredRule } from '../../../lib/account-rules';
import { focusFirstError } from '../../../lib/focus-first-error';
import { keyText, replyOf, replyText } from '../../../lib/reply';
import { showToast } from '../../../lib/toast/toast-store';
import { clearUser } from '../../../lib/user-storage';
import { useDeleteAccountMutation } from '../api';
import * as css from '../account.css';
import { Section } from './section';

/** Delete account (POST /Users/SendDeleteAccountRequest with the password), then signed out. */
export function DeleteSection() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [remove, { isLoading }] = useDeleteAccountMutation();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = passwordRequiredRule(password);
    setError(found);
    if (found) return focusFirstError(form);
    const reply = replyOf(await remove({ password }));
    if (!reply?.isSuccess) {
      if (reply?.codeMessageRespond === 'PasswordConfirmFail') {
        setError('PasswordConfirmFail');
        return focusFirstError(form);
      }
      return showToast(replyText(t, reply), 'error');
    }
    showToast(t('profile.accountDeleted'), 'success');
    clearUser();
    dispatch(baseApi.util.resetApiState());
    navigate(paths.home, { replace: true });
  };

  return (
    <Section title={t('profile.deleteTitle')}>
      <form noValidate onSubmit={onSubmit} className={css.narrowForm}>
        <p>{t('profile.deleteWarning')}</p>
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          error={keyText(t, error)}
          onChange={(event) => setPassword(event.target.value)}
        />
        <button type="submit" className={button.secondary} disabled={isLoading}>
          {t('profile.deleteAccount')}
        </button>
      </form>
    </Section>
  );
}
