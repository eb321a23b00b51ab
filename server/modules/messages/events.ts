import type { MessageCategory, MessageChannel } from '../../../schemas/notifications';
import type { TypeNotify } from '../notifications/index';

/**
 * Every event that sends a message (spec section 7, Notifications; the list of promised
 * messages). An event names its preference category, the spec's TypeNotify of its in-app
 * notification, the channels besides in-app that may carry it, and whether it is urgent (urgent
 * messages are never held back by quiet hours). SMS is kept to what a patient must know in time.
 */
export const MESSAGE_EVENTS = {
  'booking-confirmed': { category: 'service', type: 'AppointmentBooked', channels: ['email', 'sms', 'push'] },
  'payment-received': { category: 'service', type: 'PaymentReceived', channels: ['email', 'push'] },
  'payment-failed': { category: 'service', type: 'PaymentFailed', channels: ['email', 'push'] },
  'payment-refunded': { category: 'service', type: 'PaymentRefunded', channels: ['email', 'push'] },
  'appointment-cancelled': {
    category: 'service',
    type: 'AppointmentCancelled',
    channels: ['email', 'sms', 'push'],
  },
  'appointment-rescheduled': {
    category: 'service',
    type: 'AppointmentRescheduled',
    channels: ['email', 'sms', 'push'],
  },
  'appointment-reminder': {
    category: 'reminder',
    type: 'AppointmentReminder',
    channels: ['email', 'sms', 'push'],
  },
  'call-open': { category: 'service', type: 'VideoCallOpen', channels: ['push', 'sms'], urgent: true },
  'direct-call-missed': { category: 'service', type: 'DirectCallMissed', channels: ['push', 'email'] },
  'package-purchased': { category: 'service', type: 'PackagePurchased', channels: ['email', 'push'] },
  // A doctor of the patient's IoMT package answered their request for advice (server/modules/iomt).
  'advisory-answered': { category: 'service', type: 'AdvisoryAnswered', channels: ['email', 'push'] },
  'waitlist-place-freed': {
    category: 'service',
    type: 'WaitlistSlotFree',
    channels: ['email', 'sms', 'push'],
    urgent: true,
  },
  'health-record-shared': { category: 'service', type: 'HealthRecordShared', channels: ['email', 'push'] },
  'fee-guarantee-decided': {
    category: 'service',
    type: 'FeeGuaranteeDecided',
    channels: ['email', 'sms', 'push'],
  },
  // The email of a sign-in from a new device goes out at once with the sign-in (accounts, like
  // the codes); the event adds the in-app record and the push.
  // Refer and earn: the reward reached the wallet (both the inviter and the invited person).
  'referral-rewarded': { category: 'service', type: 'ReferralRewarded', channels: ['email', 'push'] },
  'new-device-sign-in': { category: 'security', type: 'NewDeviceSignIn', channels: ['push'], urgent: true },
  // To the tenant's siteContactEmail, not to an account: no in-app notification, no preferences.
  'contact-us': { category: 'service', type: null, channels: ['email'], urgent: true },
} as const satisfies Record<
  string,
  {
    category: MessageCategory | 'security';
    type: TypeNotify | null;
    channels: readonly MessageChannel[];
    urgent?: boolean;
  }
>;

export type MessageEvent = keyof typeof MESSAGE_EVENTS;
export const MESSAGE_EVENT_NAMES = Object.keys(MESSAGE_EVENTS) as MessageEvent[];
export const isMessageEvent = (name: string): name is MessageEvent => name in MESSAGE_EVENTS;

/** Who cancelled (appointments.cancelled_by). */
export type CancelledByValue = 'patient' | 'doctor' | 'hospital' | 'system';

/**
 * The values an event carries (stored with each delivery as its payload; rendered per language
 * and in the tenant's time zone when sent). All optional: each event uses its own.
 */
export interface MessagePayload {
  appointmentId?: number;
  appointmentNumber?: string;
  /** ISO instants. */
  startsAt?: string;
  previousStartsAt?: string;
  doctorName?: string;
  patientName?: string;
  /** Hospital or clinic of a visit, per language. */
  place?: { vi: string; en: string } | null;
  /** Video consultation: the call opens in the web app. */
  video?: boolean;
  amount?: number;
  refundTo?: 'wallet' | 'bank' | null;
  cancelledBy?: CancelledByValue;
  reason?: string;
  /** A local day ('2025-07-01'), when there is no instant (waitlist). */
  localDate?: string;
  approved?: boolean;
  hospitalName?: string;
  recordTitle?: string;
  /** A bought package or program, in the buyer's language (purchases). */
  packageName?: string;
  device?: string;
  contact?: { id: number; fullName: string; email: string; phone: string; message: string };
  /** The web app page the message opens (a path). */
  path?: string;
}
