import { useTranslation } from 'react-i18next';
import type { UserAddress } from '../../../../schemas/patients';
import { Dialog } from '../../../components/dialog';
import { AddressForm } from './address-form';

export interface AddressFormDialogProps {
  open: boolean;
  /** The address to edit; absent or null: add an address. */
  address?: UserAddress | null;
  onClose: () => void;
  /** Called with the saved address; the dialog does not close itself (call onClose). */
  onSaved: (address: UserAddress) => void;
}

/** The address form in a modal dialog: add or edit an address in place. */
export function AddressFormDialog({ open, address, onClose, onSaved }: AddressFormDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} title={address ? t('addresses.edit') : t('addresses.add')} onClose={onClose}>
      {open && (
        <AddressForm
          key={address?.addressId ?? 'new'}
          address={address}
          onSaved={onSaved}
          onCancel={onClose}
        />
      )}
    </Dialog>
  );
}
