/** What other features may use of the addresses feature: the user's addresses and the picker. */
export { useUserAddressesQuery } from './api';
export { AddressPicker, type AddressPickerProps } from './components/address-picker';
