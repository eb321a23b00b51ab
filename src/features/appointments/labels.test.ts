import { describe, expect, it } from 'vitest';
import { AppointmentStatus, PaymentMethod, PaymentStatus } from '../../../schemas/codes';
import en from '../../lib/i18n/en.json';
import vi from '../../lib/i18n/vi.json';
import { hasReceipt, paymentMethodKey, paymentStatusKey, statusKey } from './labels';

const lookup = (messages: object, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
const text = (key: string) => ({ vi: lookup(vi, key), en: lookup(en, key) });

describe('status labels', () => {
  it('has a Vietnamese and an English label for every AppointmentStatus value', () => {
    for (const status of Object.values(AppointmentStatus)) {
      const key = statusKey({ status, cancelledBy: null });
      expect(key).not.toMatch(/Unknown$/);
      expect(text(key).vi, key).toEqual(expect.any(String));
      expect(text(key).en, key).toEqual(expect.any(String));
    }
    expect(text(statusKey({ status: 4, cancelledBy: null }))).toEqual({ vi: 'Đã đặt lịch', en: 'Booked' });
    expect(text(statusKey({ status: 10, cancelledBy: null }))).toEqual({
      vi: 'Đã hoàn thành',
      en: 'Completed',
    });
  });

  it('says who cancelled when it was the doctor or the hospital', () => {
    expect(text(statusKey({ status: 5, cancelledBy: 'doctor' }))).toEqual({
      vi: 'Bác sĩ đã hủy',
      en: 'Cancelled by doctor',
    });
    expect(text(statusKey({ status: 5, cancelledBy: 'hospital' }))).toEqual({
      vi: 'Bệnh viện đã hủy',
      en: 'Cancelled by hospital',
    });
    expect(text(statusKey({ status: 5, cancelledBy: 'patient' })).en).toBe('Cancelled');
    expect(text(statusKey({ status: 5, cancelledBy: 'system' })).en).toBe('Cancelled by the system');
    // cancelledBy only matters for a cancelled appointment.
    expect(statusKey({ status: 4, cancelledBy: 'doctor' })).toBe('appointments.status.Booked');
  });

  it('has labels for every PaymentStatus and PaymentMethod value', () => {
    for (const value of Object.values(PaymentStatus)) {
      expect(text(paymentStatusKey(value)).vi, String(value)).toEqual(expect.any(String));
      expect(text(paymentStatusKey(value)).en, String(value)).toEqual(expect.any(String));
    }
    for (const value of Object.values(PaymentMethod)) {
      expect(text(paymentMethodKey(value)).vi, String(value)).toEqual(expect.any(String));
    }
    expect(text(paymentStatusKey(5))).toEqual({ vi: 'Đã hoàn tiền', en: 'Refunded' });
  });

  it('offers a receipt for booked, completed or paid appointments only', () => {
    expect(hasReceipt({ status: 4, paymentStatus: 0 })).toBe(true);
    expect(hasReceipt({ status: 10, paymentStatus: 0 })).toBe(true);
    expect(hasReceipt({ status: 5, paymentStatus: 5 })).toBe(true);
    expect(hasReceipt({ status: 1, paymentStatus: 1 })).toBe(false);
    expect(hasReceipt({ status: 2, paymentStatus: 3 })).toBe(false);
  });
});
