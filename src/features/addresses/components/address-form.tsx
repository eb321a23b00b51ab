import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserAddress } from '../../../../schemas/patients';
import { button, field, fieldError, input, label } from '../../../components/ui.css';
import { typedName } from '../../../lib/account-rules';
import { replyOf, replyText } from '../../../lib/reply';
import {
  useAddAddressMutation,
  useProvincesQuery,
  useUpdateAddressMutation,
  useWardsQuery,
  type AddressInput,
} from '../api';
import * as css from '../addresses.css';

type Errors = Partial<Record<'addressLine' | 'provinceCode' | 'wardCode' | 'phone' | 'form', string>>;

/** Which field a server message key belongs to. */
const FIELD_OF_KEY: Record<string, keyof Errors> = {
  valid_address: 'addressLine',
  select_province: 'provinceCode',
  select_ward: 'wardCode',
  ward_not_in_province: 'wardCode',
  must_be_bw_7_to_15: 'phone',
};

export interface AddressFormProps {
  /** The address to edit; absent or null: a new address. An old three-level one starts from its new ward. */
  address?: UserAddress | null;
  onSaved: (address: UserAddress) => void;
  onCancel?: () => void;
}

/**
 * An address in the current administrative units: a line, then the province, then one of its
 * communes/wards (loaded when the province is chosen). An address stored with the old three
 * levels is shown read-only above the form; saving moves it to the current units.
 */
export function AddressForm({ address, onSaved, onCancel }: AddressFormProps) {
  const { t } = useTranslation();
  const ids = { line: useId(), province: useId(), ward: useId(), name: useId(), phone: useId() };
  const [values, setValues] = useState<AddressInput>(() => ({
    fullName: address?.fullName ?? '',
    phone: address?.phone ?? '',
    addressLine: address?.addressLine ?? '',
    provinceCode: address?.provinceCode ?? address?.legacy?.newProvinceCode ?? '',
    wardCode: address?.wardCode ?? address?.legacy?.newWardCode ?? '',
    isDefault: address?.isDefault ?? false,
  }));
  const [errors, setErrors] = useState<Errors>({});
  const provinces = useProvincesQuery();
  const wards = useWardsQuery(values.provinceCode, { skip: !values.provinceCode });
  const [add, addState] = useAddAddressMutation();
  const [update, updateState] = useUpdateAddressMutation();
  const busy = addState.isLoading || updateState.isLoading;
  const set = (patch: Partial<AddressInput>) => setValues((current) => ({ ...current, ...patch }));
  const text = (key: string) => t(`formErrors.${key}`, { defaultValue: t(key, { defaultValue: key }) });

  const check = (): Errors => {
    const out: Errors = {};
    if (!values.addressLine.trim()) out.addressLine = text('valid_address');
    if (!values.provinceCode) out.provinceCode = text('select_province');
    if (!values.wardCode) out.wardCode = text('select_ward');
    const phone = typedName(values.phone ?? '');
    if (phone && !/^[0-9]{7,15}$/.test(phone)) out.phone = text('must_be_bw_7_to_15');
    return out;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = (['addressLine', 'provinceCode', 'wardCode', 'phone'] as const).find((k) => found[k]);
      const target = {
        addressLine: ids.line,
        provinceCode: ids.province,
        wardCode: ids.ward,
        phone: ids.phone,
      };
      if (first) document.getElementById(target[first])?.focus();
      return;
    }
    const body = {
      ...values,
      addressLine: values.addressLine.trim(),
      fullName: values.fullName?.trim(),
      phone: typedName(values.phone ?? ''),
    };
    const result = address ? await update({ ...body, addressId: address.addressId }) : await add(body);
    const reply = replyOf(result);
    if (reply?.isSuccess && reply.data) {
      onSaved(reply.data);
      return;
    }
    const next: Errors = {};
    for (const key of reply?.errors ?? []) next[FIELD_OF_KEY[key] ?? 'form'] = text(key);
    if (Object.keys(next).length === 0) next.form = replyText(t, reply);
    setErrors(next);
  };

  const describedBy = (key: keyof Errors, id: string) => (errors[key] ? `${id}-error` : undefined);
  const errorText = (key: keyof Errors, id: string) =>
    errors[key] ? (
      <p id={`${id}-error`} className={fieldError}>
        {errors[key]}
      </p>
    ) : null;

  return (
    <form className={css.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      {address?.legacy && (
        <p className={css.legacyNote}>
          {t('addresses.legacyNote')} <strong>{address.text}</strong>
        </p>
      )}
      <div className={field}>
        <label className={label} htmlFor={ids.line}>
          {t('addresses.line')} <span aria-hidden="true">*</span>
        </label>
        <input
          id={ids.line}
          className={input}
          value={values.addressLine}
          maxLength={300}
          autoComplete="street-address"
          aria-required="true"
          aria-invalid={!!errors.addressLine}
          aria-describedby={describedBy('addressLine', ids.line)}
          onChange={(event) => set({ addressLine: event.target.value })}
        />
        {errorText('addressLine', ids.line)}
      </div>
      <div className={field}>
        <label className={label} htmlFor={ids.province}>
          {t('addresses.province')} <span aria-hidden="true">*</span>
        </label>
        <select
          id={ids.province}
          className={input}
          value={values.provinceCode}
          aria-required="true"
          aria-invalid={!!errors.provinceCode}
          aria-describedby={describedBy('provinceCode', ids.province)}
          onChange={(event) => set({ provinceCode: event.target.value, wardCode: '' })}
        >
          <option value="">{t('addresses.chooseProvince')}</option>
          {(provinces.data ?? []).map((p) => (
            <option key={p.code} value={p.code}>
              {p.name}
            </option>
          ))}
        </select>
        {errorText('provinceCode', ids.province)}
      </div>
      <div className={field}>
        <label className={label} htmlFor={ids.ward}>
          {t('addresses.ward')} <span aria-hidden="true">*</span>
        </label>
        <select
          id={ids.ward}
          className={input}
          value={values.wardCode}
          disabled={!values.provinceCode || wards.isFetching}
          aria-required="true"
          aria-invalid={!!errors.wardCode}
          aria-describedby={describedBy('wardCode', ids.ward)}
          onChange={(event) => set({ wardCode: event.target.value })}
        >
          <option value="">
            {values.provinceCode ? t('addresses.chooseWard') : t('addresses.provinceFirst')}
          </option>
          {(values.provinceCode ? (wards.data ?? []) : []).map((w) => (
            <option key={w.code} value={w.code}>
              {w.name}
            </option>
          ))}
        </select>
        {errorText('wardCode', ids.ward)}
      </div>
      <div className={field}>
        <label className={label} htmlFor={ids.name}>
          {t('addresses.contactName')}
        </label>
        <input
          id={ids.name}
          className={input}
          value={values.fullName}
          maxLength={100}
          autoComplete="name"
          onChange={(event) => set({ fullName: event.target.value })}
        />
      </div>
      <div className={field}>
        <label className={label} htmlFor={ids.phone}>
          {t('addresses.phone')}
        </label>
        <input
          id={ids.phone}
          className={input}
          type="tel"
          inputMode="tel"
          value={values.phone}
          autoComplete="tel-national"
          aria-invalid={!!errors.phone}
          aria-describedby={describedBy('phone', ids.phone)}
          onChange={(event) => set({ phone: event.target.value })}
        />
        {errorText('phone', ids.phone)}
      </div>
      <label className={css.checkbox}>
        <input
          type="checkbox"
          checked={!!values.isDefault}
          onChange={(event) => set({ isDefault: event.target.checked })}
        />
        {t('addresses.makeDefault')}
      </label>
      {errors.form && (
        <p role="alert" className={fieldError}>
          {errors.form}
        </p>
      )}
      <div className={css.actions}>
        <button type="submit" className={button.primary} disabled={busy}>
          {busy ? t('family.saving') : t('family.save')}
        </button>
        {onCancel && (
          <button type="button" className={button.ghost} onClick={onCancel}>
            {t('family.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
