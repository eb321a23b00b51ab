import type { MessageEvent, MessagePayload } from './events';

/**
 * Values of a typical event, for `npm run admin -- messages preview` and the template tests: what
 * an operator checks a tenant's templates with.
 */
export function samplePayload(event: MessageEvent, now: Date = new Date()): MessagePayload {
  const startsAt = new Date(Math.ceil(now.getTime() / 3_600_000) * 3_600_000 + 26 * 3_600_000).toISOString();
  const appointment: MessagePayload = {
    appointmentId: 41,
    appointmentNumber: 'LH2607-0041',
    startsAt,
    doctorName: 'BS. Nguyễn Văn An',
    patientName: 'Trần Thị Bình',
    place: { vi: 'Phòng khám Tim mạch, tầng 2', en: 'Cardiology clinic, 2nd floor' },
    path: '/me/appointments-list/41',
  };
  switch (event) {
    case 'payment-received':
    case 'payment-refunded':
      return { ...appointment, amount: 200_000, refundTo: 'wallet' };
    case 'payment-failed':
      return { ...appointment, amount: 50_000 };
    case 'appointment-cancelled':
      return {
        ...appointment,
        cancelledBy: 'doctor',
        reason: 'Bác sĩ bận đột xuất',
        amount: 200_000,
        refundTo: 'bank',
      };
    case 'appointment-rescheduled':
      return { ...appointment, previousStartsAt: new Date(Date.parse(startsAt) - 86_400_000).toISOString() };
    case 'call-open':
      return { ...appointment, video: true, place: null, path: '/video-call/41' };
    case 'direct-call-missed':
      return { path: '/me/notification-list/' };
    case 'package-purchased':
      return { packageName: 'Gói Gia đình', amount: 990_000, path: '/membership' };
    case 'advisory-answered':
      return { doctorName: 'BS. Nguyễn Văn An', path: '/service-packages' };
    case 'waitlist-place-freed':
      return { doctorName: 'BS. Nguyễn Văn An', localDate: startsAt.slice(0, 10), path: '/doctor-details/7' };
    case 'health-record-shared':
      return { ...appointment, recordTitle: 'Kết quả xét nghiệm máu' };
    case 'fee-guarantee-decided':
      return {
        approved: true,
        amount: 5_000_000,
        patientName: 'Trần Thị Bình',
        hospitalName: 'Bệnh viện Đa khoa Sông Hồng',
        path: '/me/fee-guarantee/7',
      };
    case 'referral-rewarded':
      return { amount: 50_000, path: '/me/wallet-history' };
    case 'new-device-sign-in':
      return { device: 'Chrome trên Windows, IP 203.0.113.5', path: '/me/profile-settings/' };
    case 'contact-us':
      return {
        contact: {
          id: 12,
          fullName: 'Lê Văn Cường',
          email: 'cuong@example.com',
          phone: '+84 901 234 567',
          message: 'Xin hỏi giờ làm việc ngày thứ Bảy?',
        },
      };
    default:
      return appointment;
  }
}
