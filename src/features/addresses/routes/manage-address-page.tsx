import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserAddress } from '../../../../schemas/patients';
import { Dialog } from '../../../components/dialog';
import { QueryState } from '../../../components/query-state';
import { button, card, muted, page } from '../../../components/ui.css';
import { replyOf, replyText } from '../../../lib/reply';
import { showToast } from '../../../lib/toast/toast-store';
import { useStoredUser } from '../../../lib/use-stored-user';
import { useDocumentTitle } from '../../../tenant/use-document-title';
import { AccountNav, accountLayout } from '../../account';
import { useDeleteAddressMutation, useUserAddressesQuery } from '../api';
import * as css from '../addresses.css';
import { AddressFormDialog } from '../components/address-form-dialog';

/** /me/manage-address: the user's addresses; add, edit, delete (with confirmation). */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('account.manageAddress'));
  const user = useStoredUser();
  const addresses = useUserAddressesQuery(user?.userId ?? 0, { skip: !user?.userId });
  const [editing, setEditing] = useState<UserAddress | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<UserAddress | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [deleteAddress, deleteState] = useDeleteAddressMutation();

  const confirmDelete = async () => {
    if (!deleting) return;
    const reply = replyOf(await deleteAddress(deleting.addressId));
    if (reply?.isSuccess) {
      showToast(t('addresses.deleted'), 'success');
      setDeleting(null);
    } else setDeleteError(replyText(t, reply));
  };

  return (
    <div className={`${page} ${accountLayout}`}>
      <AccountNav />
      <div>
        <div className={css.itemHeader}>
          <h1>{t('account.manageAddress')}</h1>
          <button type="button" className={button.primary} onClick={() => setEditing(null)}>
            {t('addresses.add')}
          </button>
        </div>
        <QueryState
          isLoading={addresses.isLoading}
          isError={addresses.isError}
          isEmpty={!addresses.data?.length}
          emptyText={t('addresses.empty')}
          onRetry={addresses.refetch}
        >
          <ul className={css.list}>
            {(addresses.data ?? []).map((address) => (
              <li key={address.addressId} className={`${card} ${css.item}`}>
                <p className={css.text}>
                  {address.text}
                  {address.isDefault && <span className={css.badge}>{t('addresses.default')}</span>}
                </p>
                {(address.fullName || address.phone) && (
                  <p className={`${css.text} ${muted}`}>
                    {[address.fullName, address.phone].filter(Boolean).join(' · ')}
                  </p>
                )}
                {address.legacy && <p className={`${css.text} ${muted}`}>{t('addresses.legacyShort')}</p>}
                <div className={css.actions}>
                  <button
                    type="button"
                    className={button.secondary}
                    onClick={() => setEditing(address)}
                    aria-label={`${address.legacy ? t('addresses.updateUnits') : t('addresses.edit')}: ${address.text}`}
                  >
                    {address.legacy ? t('addresses.updateUnits') : t('family.editShort')}
                  </button>
                  <button
                    type="button"
                    className={button.ghost}
                    onClick={() => {
                      setDeleteError(null);
                      setDeleting(address);
                    }}
                    aria-label={`${t('family.delete')}: ${address.text}`}
                  >
                    {t('family.delete')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </QueryState>
      </div>
      <AddressFormDialog
        open={editing !== undefined}
        address={editing}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          showToast(t('addresses.saved'), 'success');
        }}
      />
      <Dialog open={deleting !== null} title={t('addresses.deleteTitle')} onClose={() => setDeleting(null)}>
        <p>{t('addresses.deleteConfirm', { address: deleting?.text ?? '' })}</p>
        {deleteError && (
          <p role="alert" className={css.error}>
            {deleteError}
          </p>
        )}
        <div className={css.actions}>
          <button
            type="button"
            className={button.primary}
            disabled={deleteState.isLoading}
            onClick={() => void confirmDelete()}
          >
            {t('family.delete')}
          </button>
          <button type="button" className={button.ghost} onClick={() => setDeleting(null)}>
            {t('family.cancel')}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
