import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/text-field';
import { button, field, fieldError, input, label } from '../../../components/ui.css';
import { typedName } from '../../../lib/account-rules';
import { showToast } from '../../../lib/toast/toast-store';
import { useAddContactMessageMutation, useContactCountriesQuery } from '../api';
import * as css from '../contact.css';
import { validateContact, type ContactErrors, type ContactValues } from '../contact-rules';
import { CaptchaField } from './captcha-field';

const EMPTY: ContactValues = {
  fullName: '',
  email: '',
  phoneCode: '+84',
  countryId: undefined,
  mobileNumber: '',
  message: '',
  captcha: '',
};

/** Server field errors (message keys) mapped back onto the fields they belong to. */
const FIELD_OF: Record<string, keyof ContactValues> = {
  valid_full_name: 'fullName',
  valid_email: 'email',
  must_be_bw_7_to_15: 'mobileNumber',
  valid_msg: 'message',
  select_this: 'captcha',
};

/**
 * The contact message form (spec sections 3 and 5): every rule checked here and on the server;
 * after sending, the 'msg_sent' toast and `onSent` (the dialog closes).
 */
export function ContactForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation();
  const ids = { code: useId(), message: useId() };
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  // Remounting the captcha after a server refusal gives a fresh challenge (they are single use).
  const [captchaKey, setCaptchaKey] = useState(0);
  const countries = useContactCountriesQuery().data ?? [];
  const [send, { isLoading }] = useAddContactMessageMutation();
  const set = <K extends keyof ContactValues>(key: K, value: ContactValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const message = (key: keyof ContactValues) => (errors[key] ? t(errors[key]) : undefined);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateContact(values);
    setErrors(found);
    if (Object.keys(found).length) {
      const first = document.querySelector<HTMLElement>('[aria-invalid="true"]');
      first?.focus();
      return;
    }
    const result = await send({
      fullName: values.fullName.trim(),
      email: values.email.trim(),
      phoneCode: values.phoneCode,
      ...(values.countryId ? { countryId: values.countryId } : {}),
      mobileNumber: typedName(values.mobileNumber),
      message: values.message.trim(),
      captcha: values.captcha,
    });
    if ('data' in result) {
      showToast(t('msg_sent'), 'success');
      onSent();
      return;
    }
    const keys =
      (result.error && 'data' in result.error
        ? (result.error.data as { errors?: string[] })?.errors
        : undefined) ?? [];
    const mapped: ContactErrors = {};
    for (const key of keys) if (FIELD_OF[key]) mapped[FIELD_OF[key]] = key;
    if (Object.keys(mapped).length === 0) showToast(t('something_went_wrong'), 'error');
    setErrors(mapped);
    set('captcha', '');
    setCaptchaKey((key) => key + 1);
  };

  return (
    <form className={css.form} noValidate onSubmit={(event) => void onSubmit(event)}>
      <TextField
        label={t('contact.fullName')}
        autoComplete="name"
        required
        maxLength={100}
        value={values.fullName}
        error={message('fullName')}
        onChange={(e) => set('fullName', e.target.value)}
      />
      <TextField
        label={t('contact.email')}
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        value={values.email}
        error={message('email')}
        onChange={(e) => set('email', e.target.value)}
      />
      <div className={css.row}>
        <div className={field}>
          <label className={label} htmlFor={ids.code}>
            {t('contact.phoneCode')}
          </label>
          <select
            id={ids.code}
            className={input}
            value={values.countryId ?? ''}
            onChange={(event) => {
              const country = countries.find((c) => c.countryId === Number(event.target.value));
              set('countryId', country?.countryId);
              set('phoneCode', country?.phoneCode ?? '+84');
            }}
          >
            <option value="">+84</option>
            {countries.map((country) => (
              <option key={country.countryId} value={country.countryId}>
                {country.name} ({country.phoneCode})
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={t('contact.mobile')}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          required
          maxLength={20}
          value={values.mobileNumber}
          error={message('mobileNumber')}
          onChange={(e) => set('mobileNumber', e.target.value)}
        />
      </div>
      <div className={field}>
        <label className={label} htmlFor={ids.message}>
          {t('contact.message')}
        </label>
        <textarea
          id={ids.message}
          className={input}
          rows={5}
          maxLength={2000}
          required
          value={values.message}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${ids.message}-error` : undefined}
          onChange={(e) => set('message', e.target.value)}
        />
        {errors.message && (
          <p id={`${ids.message}-error`} className={fieldError}>
            {t(errors.message)}
          </p>
        )}
      </div>
      <CaptchaField key={captchaKey} error={errors.captcha} onChange={(payload) => set('captcha', payload)} />
      <div className={css.actions}>
        <button type="submit" className={button.primary} disabled={isLoading}>
          {isLoading ? t('contact.sending') : t('contact.send')}
        </button>
      </div>
    </form>
  );
}
