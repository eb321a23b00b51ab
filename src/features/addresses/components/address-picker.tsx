import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserAddress } from '../../../../schemas/patients';
import { QueryState } from '../../../components/query-state';
import { button, muted } from '../../../components/ui.css';
import { useStoredUser } from '../../../lib/use-stored-user';
import { useUserAddressesQuery } from '../api';
import * as css from '../addresses.css';
import { AddressFormDialog } from './address-form-dialog';

export interface AddressPickerProps {
  /** The chosen address's id, or null when none is chosen yet. */
  value: number | null;
  /** An address was chosen: by the user or after adding one in place. */
  onChange: (addressId: number, address: UserAddress) => void;
  /** An error text to show under the list (e.g. the translated 'select_address'). */
  error?: string | null;
  /** The group's legend (default: "Address for the home visit"). */
  legend?: string;
  /** The radio group's name, unique on the page (default 'addressId'). */
  name?: string;
  /** Choose the default address when nothing is chosen yet and the list has loaded (default true). */
  autoSelect?: boolean;
}

/**
 * Where a home visit takes place: a radio list of the user's addresses with an "add address"
 * button that opens the address form in place and chooses the new one. An address stored with
 * the old three levels still shows (and can be chosen); it offers to update it to the new units.
 */
export function AddressPicker({
  value,
  onChange,
  error,
  legend,
  name = 'addressId',
  autoSelect = true,
}: AddressPickerProps) {
  const { t } = useTranslation();
  const errorId = useId();
  const user = useStoredUser();
  const addresses = useUserAddressesQuery(user?.userId ?? 0, { skip: !user?.userId });
  const [editing, setEditing] = useState<UserAddress | null | undefined>(undefined);

  useEffect(() => {
    if (!autoSelect || value !== null) return;
    const first = addresses.data?.find((a) => a.isDefault) ?? addresses.data?.[0];
    if (first) onChange(first.addressId, first);
  }, [autoSelect, value, addresses.data, onChange]);

  return (
    <fieldset className={css.picker} aria-describedby={error ? errorId : undefined}>
      <legend className={css.legend}>{legend ?? t('addresses.pickerLegend')}</legend>
      <QueryState
        isLoading={addresses.isLoading}
        isError={addresses.isError}
        isEmpty={!addresses.data?.length}
        emptyText={t('addresses.empty')}
        onRetry={addresses.refetch}
        skeletons={2}
      >
        <ul className={css.list}>
          {(addresses.data ?? []).map((address) => {
            const inputId = `${name}-${address.addressId}`;
            return (
              <li key={address.addressId} className={css.option}>
                <input
                  type="radio"
                  id={inputId}
                  name={name}
                  value={address.addressId}
                  checked={value === address.addressId}
                  onChange={() => onChange(address.addressId, address)}
                />
                <div className={css.optionText}>
                  <label htmlFor={inputId}>
                    {address.text}
                    {address.isDefault && <span className={css.badge}> {t('addresses.default')}</span>}
                  </label>
                  {address.legacy && (
                    <>
                      <span className={muted}>{t('addresses.legacyShort')}</span>
                      <button type="button" className={css.linkButton} onClick={() => setEditing(address)}>
                        {t('addresses.updateUnits')}
                      </button>
                    </>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </QueryState>
      {error && (
        <p id={errorId} role="alert" className={css.error}>
          {error}
        </p>
      )}
      <button type="button" className={button.secondary} onClick={() => setEditing(null)}>
        {t('addresses.add')}
      </button>
      <AddressFormDialog
        open={editing !== undefined}
        address={editing}
        onClose={() => setEditing(undefined)}
        onSaved={(saved) => {
          setEditing(undefined);
          onChange(saved.addressId, saved);
        }}
      />
    </fieldset>
  );
}
