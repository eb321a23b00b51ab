import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/text-field';
import { button } from '../../../components/ui.css';
import {
  collectErrors,
  isValid,
  newConfirmRule,
  newPasswordRule,
  passwordRequiredRule,
  type FormErrors,
} from '../../../lib/account-rules';
import { focusFirstError } from '../../../lib/focus-first-error';
import { keyText, replyOf, replyText } from '../../../lib/reply';
import { showToast } from '../../../lib/toast/toast-store';
import { useResetPasswordMutation } from '../api';
import * as css from '../account.css';
import { Section } from './section';

type Field = 'oldPassword' | 'password' | 'confirm';

/** Change password knowing the old one (POST /Users/resetPassword); other devices are signed out. */
export function PasswordSection() {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Field, string>>({ oldPassword: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [reset, { isLoading }] = useResetPasswordMutation();
  const set = (name: Field) => (event: { target: { value: string } }) =>
    setValues((old) => ({ ...old, [name]: event.target.value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = collectErrors<Field>({
      oldPassword: passwordRequiredRule(values.oldPassword),
      password: newPasswordRule(values.password),
      confirm: newConfirmRule(values.password, values.confirm),
    });
    setErrors(found);
    if (!isValid(found)) return focusFirstError(form);
    const reply = replyOf(
      await reset({
        oldPassword: values.oldPassword,
        password: values.password,
        passwordConfirm: values.confirm,
      }),
    );
    if (reply?.isSuccess) {
      showToast(t('pass_changed'), 'success');
      setValues({ oldPassword: '', password: '', confirm: '' });
      return;
    }
    const key =
      reply?.codeMessageRespond === 'PasswordConfirmFail' ? 'PasswordConfirmFail' : reply?.errors?.[0];
    if (key === 'PasswordConfirmFail') setErrors({ oldPassword: key });
    else if (key && /pass/.test(key)) setErrors({ password: key });
    else showToast(replyText(t, reply), 'error');
    focusFirstError(form);
  };

  return (
    <Section title={t('profile.passwordTitle')}>
      <form noValidate onSubmit={onSubmit} className={css.narrowForm}>
        <TextField
          label={t('profile.oldPassword')}
          type="password"
          autoComplete="current-password"
          value={values.oldPassword}
          error={keyText(t, errors.oldPassword)}
          onChange={set('oldPassword')}
        />
        <TextField
          label={t('auth.newPassword')}
          type="password"
          autoComplete="new-password"
          value={values.password}
          error={keyText(t, errors.password)}
          onChange={set('password')}
        />
        <TextField
          label={t('auth.confirmNewPassword')}
          type="password"
          autoComplete="new-password"
          value={values.confirm}
          error={keyText(t, errors.confirm)}
          onChange={set('confirm')}
        />
        <button type="submit" className={button.primary} disabled={isLoading}>
          {t('auth.savePassword')}
        </button>
      </form>
    </Section>
  );
}
