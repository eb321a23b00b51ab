/** What other features may use of the booking feature: the slot picker (rescheduling uses it). */
export { SlotPicker, type PickedSlot, type SlotPickerProps } from './components/slot-picker';
