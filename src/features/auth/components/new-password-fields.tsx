import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/text-field';
import { keyText } from '../../../lib/reply';
import * as css from '../auth.css';

interface NewPasswordFieldsProps {
  password: string;
  confirm: string;
  onPassword(value: string): void;
  onConfirm(value: string): void;
  /** Message keys of the two fields, shown under them. */
  errors: { password?: string | null; confirm?: string | null };
  /** 'new' when replacing a password (forgot, PassNew), 'account' when creating one (register). */
  wording: 'new' | 'account';
}

/**
 * A password and its confirmation, with the policy hint: the same pair wherever a password is
 * chosen (registration, forgot password, the PassNew step), so the rules read the same everywhere.
 */
export function NewPasswordFields({
  password,
  confirm,
  onPassword,
  onConfirm,
  errors,
  wording,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t(wording === 'new' ? 'auth.newPassword' : 'auth.password')}
        type="password"
        autoComplete="new-password"
        value={password}
        hint={<span className={css.hint}>{t('auth.passwordHint')}</span>}
        error={keyText(t, errors.password)}
        onChange={(event) => onPassword(event.target.value)}
      />
      <TextField
        label={t(wording === 'new' ? 'auth.confirmNewPassword' : 'auth.confirmPassword')}
        type="password"
        autoComplete="new-password"
        value={confirm}
        error={keyText(t, errors.confirm)}
        onChange={(event) => onConfirm(event.target.value)}
      />
    </>
  );
}
