import type { FeatureKey } from '../../../schemas/features';
import type { Bilingual } from './medical';

/**
 * Home-page material, packages and promo codes. "{brand}" is replaced by the tenant's brand name
 * in the matching language, so each portal speaks in its own name. `feature` names the feature
 * an item talks about: a tenant with it off gets no such item (and start-up refuses one).
 * Links lead where their label says: a filtered doctor list, with `{speciality:<key>}` and
 * `{program:<English name>}` replaced by the tenant's ids when seeding.
 */
const b = (vi: string, en: string): Bilingual => ({ vi, en });

export const BANNERS = [
  { title: b('Khám bệnh không cần xếp hàng', 'See a doctor without the queue'), subtitle: b('Đặt lịch với hơn 200 bác sĩ của {brand} chỉ trong 1 phút', 'Book one of 200+ {brand} doctors in a minute'), link: '/doctor-list' },
  { title: b('Tư vấn video cùng bác sĩ', 'Video consultations with doctors'), subtitle: b('Gặp bác sĩ chuyên khoa ngay tại nhà', 'Meet a specialist from home'), link: '/doctor-list?serviceTypes=1', feature: 'video' as FeatureKey },
  { title: b('Gói thành viên {brand}', '{brand} membership'), subtitle: b('Gọi bác sĩ trực tiếp bất cứ lúc nào', 'Call a doctor directly, any time'), link: '/membership', feature: 'membership' as FeatureKey },
  { title: b('Chăm sóc sức khỏe cả gia đình', 'Care for the whole family'), subtitle: b('Quản lý hồ sơ sức khỏe của người thân ở một nơi', 'Keep your family’s health records in one place'), link: '/me/family-member' },
];

/** `promo` names the promo code a card advertises: the card then shows that code's own text and rule. */
export const PROMOTIONALS: {
  title: Bilingual;
  description: Bilingual;
  link: string;
  feature?: FeatureKey;
  promo?: string;
}[] = [
  { title: b('Ưu đãi chào mừng', 'Welcome offer'), description: b('', ''), link: '', feature: 'promoCodes', promo: 'CHAOMUNG20' },
  { title: b('Khám sức khỏe tổng quát', 'General health check'), description: b('Gói khám tổng quát với hơn 30 hạng mục, kết quả trong ngày.', 'A check-up of more than 30 tests with same-day results.'), link: '/doctor-list?servicetype=4&healthProgramId={program:General health check}', feature: 'healthPrograms' },
  { title: b('Tầm soát tim mạch', 'Heart screening'), description: b('Điện tim, siêu âm tim và tư vấn cùng bác sĩ tim mạch.', 'ECG, echocardiogram and advice from a cardiologist.'), link: '/doctor-list?specialityId={speciality:cardiology}' },
  { title: b('Khám qua video tại nhà', 'See a doctor by video from home'), description: b('Gặp bác sĩ của {brand} qua video, không cần đến bệnh viện.', 'Meet a {brand} doctor by video without travelling to the hospital.'), link: '/doctor-list?serviceTypes=1', feature: 'video' },
  { title: b('Giới thiệu bạn bè, nhận quà', 'Refer a friend, get rewarded'), description: b('Nhận ưu đãi vào ví khi người thân đăng ký qua đường dẫn của bạn.', 'Get wallet credit when family sign up through your link.'), link: '/refer-and-earn', feature: 'referral' },
];

export const TESTIMONIALS = [
  { content: b('Đặt lịch rất nhanh, bác sĩ tư vấn tận tình và dễ hiểu. Tôi không phải chờ đợi như trước.', 'Booking was quick and the doctor explained everything clearly. No more long waits.'), rating: 5 },
  { content: b('Con tôi sốt lúc nửa đêm, được bác sĩ nhi tư vấn video ngay nên cả nhà yên tâm hơn nhiều.', 'My son had a fever at midnight; a paediatrician saw him by video straight away, which reassured us all.'), rating: 5, feature: 'video' as FeatureKey },
  { content: b('Ứng dụng dễ dùng, bố mẹ tôi ở quê cũng tự đặt lịch được.', 'Easy to use: even my parents in the countryside book by themselves.'), rating: 4 },
  { content: b('Bác sĩ khám kỹ, giải thích rõ kết quả xét nghiệm. Giá cả công khai trước khi khám.', 'The doctor was thorough and explained my results. Prices were clear before the visit.'), rating: 5 },
  { content: b('Gói thành viên rất tiện, tôi gọi bác sĩ tim mạch mỗi khi huyết áp bất thường.', 'The membership is handy: I call my cardiologist whenever my blood pressure is off.'), rating: 5, feature: 'membership' as FeatureKey },
  { content: b('Khám tại nhà cho bà tôi rất chu đáo, nhân viên đến đúng giờ.', 'The home visit for my grandmother was caring and the team arrived on time.'), rating: 4, feature: 'homeVisit' as FeatureKey },
  { content: b('Nhận được nhắc lịch hẹn nên không bao giờ quên tái khám.', 'Appointment reminders mean I never miss a follow-up.'), rating: 5 },
];

export const MEMBERSHIP_PACKAGES = [
  { name: b('Gói Cơ bản', 'Basic'), numberOfCalls: 5, validityMonths: 3, callDurationMinutes: 15, freeCalls: 0, freeAppointments: 0, price: 299_000 },
  { name: b('Gói Gia đình', 'Family'), numberOfCalls: 20, validityMonths: 12, callDurationMinutes: 20, freeCalls: 2, freeAppointments: 1, price: 990_000 },
  { name: b('Gói Cao cấp', 'Premium'), numberOfCalls: 50, validityMonths: 12, callDurationMinutes: 30, freeCalls: 5, freeAppointments: 3, price: 1_990_000 },
  { name: b('Gói Người cao tuổi', 'Senior care'), numberOfCalls: 30, validityMonths: 6, callDurationMinutes: 20, freeCalls: 3, freeAppointments: 2, price: 1_290_000 },
];

export const IOMT_PACKAGES = [
  { name: b('Theo dõi huyết áp từ xa', 'Remote blood pressure monitoring'), description: b('Bác sĩ tim mạch theo dõi chỉ số huyết áp hằng ngày và liên hệ khi bất thường.', 'A cardiologist reviews your daily readings and calls you when something is off.'), devices: b('Máy đo huyết áp bắp tay kết nối Bluetooth', 'Bluetooth upper-arm blood pressure monitor'), durationMonths: 3, price: 1_500_000 },
  { name: b('Quản lý đường huyết', 'Blood sugar management'), description: b('Theo dõi đường huyết và tư vấn dinh dưỡng cho người đái tháo đường.', 'Glucose monitoring and dietary advice for people with diabetes.'), devices: b('Máy đo đường huyết và que thử', 'Glucose meter and test strips'), durationMonths: 6, price: 2_400_000 },
  { name: b('Theo dõi nhịp tim', 'Heart rhythm monitoring'), description: b('Ghi điện tim liên tục để phát hiện rối loạn nhịp.', 'Continuous ECG recording to detect rhythm problems.'), devices: b('Miếng dán điện tim không dây', 'Wireless ECG patch'), durationMonths: 1, price: 1_800_000 },
  { name: b('Chăm sóc người cao tuổi tại nhà', 'Home care for older adults'), description: b('Theo dõi SpO2, huyết áp và cảnh báo té ngã cho người cao tuổi sống một mình.', 'SpO2 and blood pressure monitoring with fall alerts for older people living alone.'), devices: b('Đồng hồ thông minh đo SpO2, máy đo huyết áp', 'SpO2 smartwatch and blood pressure monitor'), durationMonths: 12, price: 4_900_000 },
];

/**
 * Promo codes; `doctor: true` ties the code to one seeded doctor. The rule (percent, cap, minimum
 * fee, visit kinds, validity) is data the pages show; descriptions do not repeat it.
 */
export const PROMO_CODES: {
  code: string;
  title: Bilingual;
  description: Bilingual;
  discountPercent: number;
  maxDiscount: number;
  minAmount?: number;
  serviceTypes?: number[];
  feature?: FeatureKey;
  validDays: number;
  doctor: boolean;
}[] = [
  { code: 'CHAOMUNG20', title: b('Ưu đãi chào mừng thành viên mới', 'Welcome offer for new members'), description: b('Mã chào mừng khi đặt lịch tại {brand}.', 'A welcome code for booking with {brand}.'), discountPercent: 20, maxDiscount: 100_000, validDays: 180, doctor: false },
  { code: 'SUCKHOE10', title: b('Ưu đãi khám định kỳ', 'Check-up offer'), description: b('Dành cho lần khám định kỳ tại {brand}.', 'For your routine check-up with {brand}.'), discountPercent: 10, maxDiscount: 50_000, minAmount: 300_000, serviceTypes: [0], validDays: 90, doctor: false },
  { code: 'VIDEO15', title: b('Tư vấn video tiết kiệm', 'Save on video consultations'), description: b('Ưu đãi cho tư vấn video.', 'An offer on video consultations.'), discountPercent: 15, maxDiscount: 80_000, serviceTypes: [1], feature: 'video', validDays: 60, doctor: false },
  { code: 'GIADINH25', title: b('Ưu đãi gia đình', 'Family offer'), description: b('Đặt lịch cho cả nhà với {brand}.', 'Book for the whole family with {brand}.'), discountPercent: 25, maxDiscount: 150_000, validDays: 120, doctor: false },
  { code: 'TET2024', title: b('Ưu đãi Tết (đã hết hạn)', 'New Year offer (expired)'), description: b('Mã đã hết hạn, giữ lại để kiểm thử.', 'Expired code kept for testing.'), discountPercent: 30, maxDiscount: 200_000, validDays: -30, doctor: false },
  { code: 'BACSI', title: b('Ưu đãi riêng của bác sĩ', 'Doctor’s own offer'), description: b('Giảm giá khi đặt lịch với bác sĩ này.', 'A discount when booking with this doctor.'), discountPercent: 15, maxDiscount: 100_000, validDays: 90, doctor: true },
  { code: 'BACSI', title: b('Ưu đãi riêng của bác sĩ', 'Doctor’s own offer'), description: b('Giảm giá khi đặt lịch với bác sĩ này.', 'A discount when booking with this doctor.'), discountPercent: 10, maxDiscount: 60_000, validDays: 45, doctor: true },
  { code: 'BACSI', title: b('Ưu đãi riêng của bác sĩ', 'Doctor’s own offer'), description: b('Giảm giá khi đặt lịch với bác sĩ này.', 'A discount when booking with this doctor.'), discountPercent: 20, maxDiscount: 120_000, validDays: 30, doctor: true },
];

/**
 * Health programs: parents with child programs. `specialities` names the speciality keys whose
 * doctors take part (see medical.ts).
 */
export const HEALTH_PROGRAMS = [
  {
    name: b('Chăm sóc thai kỳ', 'Pregnancy care'), description: b('Đồng hành cùng mẹ bầu suốt 9 tháng.', 'Support through all nine months of pregnancy.'), price: 0, specialities: ['obstetrics', 'nutrition'],
    children: [
      { name: b('Khám thai 3 tháng đầu', 'First-trimester care'), description: b('Xác định thai, siêu âm và xét nghiệm ban đầu.', 'Confirmation, first scans and initial tests.'), price: 1_200_000 },
      { name: b('Khám thai 3 tháng giữa', 'Second-trimester care'), description: b('Siêu âm hình thái và tầm soát đái tháo đường thai kỳ.', 'Anomaly scan and gestational diabetes screening.'), price: 1_800_000 },
      { name: b('Khám thai 3 tháng cuối', 'Third-trimester care'), description: b('Theo dõi tăng trưởng thai và chuẩn bị sinh.', 'Growth monitoring and birth preparation.'), price: 1_500_000 },
    ],
  },
  {
    name: b('Quản lý đái tháo đường', 'Diabetes management'), description: b('Theo dõi đường huyết, dinh dưỡng và phòng biến chứng.', 'Blood sugar, diet and complication prevention.'), price: 0, specialities: ['endocrinology', 'nutrition'],
    children: [
      { name: b('Tư vấn dinh dưỡng cho người đái tháo đường', 'Diet advice for diabetes'), description: b('Thực đơn cá nhân hóa cùng bác sĩ dinh dưỡng.', 'A personal meal plan with a dietitian.'), price: 500_000 },
      { name: b('Tầm soát biến chứng hằng năm', 'Yearly complication screening'), description: b('Khám mắt, thận, bàn chân và tim mạch.', 'Eye, kidney, foot and heart checks.'), price: 2_200_000 },
    ],
  },
  {
    name: b('Khám sức khỏe tổng quát', 'General health check'), description: b('Các gói khám định kỳ cho người trưởng thành.', 'Routine check-up packages for adults.'), price: 0, specialities: ['general', 'cardiology'],
    children: [
      { name: b('Gói tiêu chuẩn', 'Standard'), description: b('Khám lâm sàng, xét nghiệm máu và nước tiểu cơ bản.', 'Examination with basic blood and urine tests.'), price: 1_600_000 },
      { name: b('Gói nâng cao', 'Advanced'), description: b('Thêm siêu âm, điện tim và tầm soát ung thư.', 'Adds ultrasound, ECG and cancer screening.'), price: 4_500_000 },
    ],
  },
  {
    name: b('Sức khỏe tinh thần', 'Mental wellbeing'), description: b('Hỗ trợ giấc ngủ, căng thẳng và lo âu.', 'Help with sleep, stress and anxiety.'), price: 800_000, specialities: ['psychiatry'],
    children: [],
  },
];
