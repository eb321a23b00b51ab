import type { Bilingual } from './medical';

/**
 * The four content pages (ContentId about-us 1, terms-and-service 2, faqs 3, privacy-policy 4).
 * "{brand}", "{company}", "{hotline}" are filled from the tenant; "{kind}" describes the tenant
 * (platform, hospital or clinic). Demo text: it says plainly that the portal is a demonstration.
 */
export interface ContentPage {
  contentId: 1 | 2 | 3 | 4;
  title: Bilingual;
  body: Bilingual;
}

export const KIND_DESCRIPTIONS = {
  platform: b('nền tảng kết nối người bệnh với bác sĩ và bệnh viện trên toàn quốc', 'a platform connecting patients with doctors and hospitals across Vietnam'),
  hospital: b('bệnh viện đa khoa với nhiều chuyên khoa và cơ sở khám chữa bệnh', 'a general hospital with many specialities and campuses'),
  clinic: b('phòng khám gia đình gần gũi, chăm sóc sức khỏe ban đầu cho cả nhà', 'a friendly family clinic providing first-contact care for the whole family'),
};

function b(vi: string, en: string): Bilingual {
  return { vi, en };
}

export const CONTENT_PAGES: ContentPage[] = [
  {
    contentId: 1,
    title: b('Về chúng tôi', 'About us'),
    body: b(
      '<h2>{brand}</h2><p>{brand} là {kind}. Chúng tôi giúp bạn tìm đúng bác sĩ, đặt lịch khám, tư vấn video và quản lý hồ sơ sức khỏe của cả gia đình.</p><h2>Sứ mệnh</h2><p>Mang dịch vụ y tế chất lượng đến gần hơn với mọi người, minh bạch về giá và thời gian.</p><ul><li>Đội ngũ bác sĩ được xác minh chứng chỉ hành nghề</li><li>Đặt lịch trực tuyến 24/7</li><li>Hỗ trợ khách hàng qua tổng đài {hotline}</li></ul><p>Đây là cổng thông tin trình diễn: bác sĩ, bệnh viện và số liệu đều là hư cấu.</p>',
      '<h2>{brand}</h2><p>{brand} is {kind}. We help you find the right doctor, book visits and video consultations, and keep your family’s health records.</p><h2>Our mission</h2><p>To bring good health care closer to everyone, with clear prices and times.</p><ul><li>Doctors with verified practising licences</li><li>Online booking around the clock</li><li>Customer care on {hotline}</li></ul><p>This is a demonstration portal: its doctors, hospitals and figures are fictional.</p>',
    ),
  },
  {
    contentId: 2,
    title: b('Điều khoản dịch vụ', 'Terms of service'),
    body: b(
      '<h2>1. Phạm vi áp dụng</h2><p>Các điều khoản này áp dụng cho mọi người dùng dịch vụ của {brand} do {company} cung cấp.</p><h2>2. Tài khoản</h2><p>Bạn chịu trách nhiệm bảo mật mật khẩu và mã PIN của mình và cung cấp thông tin chính xác khi đặt lịch.</p><h2>3. Đặt lịch và thanh toán</h2><ul><li>Giá khám được hiển thị trước khi xác nhận</li><li>Lịch hẹn có thể hủy hoặc đổi theo quy định của từng bác sĩ</li><li>Hoàn tiền được xử lý vào ví hoặc tài khoản ngân hàng</li></ul><h2>4. Giới hạn trách nhiệm</h2><p>Tư vấn trực tuyến không thay thế cấp cứu. Khi có dấu hiệu nguy hiểm, hãy gọi 115.</p>',
      '<h2>1. Scope</h2><p>These terms apply to everyone using the {brand} services provided by {company}.</p><h2>2. Your account</h2><p>You are responsible for keeping your password and PIN secret and for giving accurate details when booking.</p><h2>3. Booking and payment</h2><ul><li>The fee is shown before you confirm</li><li>Appointments can be cancelled or rescheduled under each doctor’s rules</li><li>Refunds go to your wallet or bank account</li></ul><h2>4. Limitation of liability</h2><p>Online consultations do not replace emergency care. In an emergency, call 115.</p>',
    ),
  },
  {
    contentId: 3,
    title: b('Câu hỏi thường gặp', 'Frequently asked questions'),
    body: b(
      '<h2>Làm sao để đặt lịch khám?</h2><p>Tìm bác sĩ theo chuyên khoa hoặc triệu chứng, chọn hình thức khám và khung giờ còn trống, rồi xác nhận.</p><h2>Tôi có thể đặt lịch cho người thân không?</h2><p>Có. Thêm người thân trong mục Thành viên gia đình và chọn họ khi đặt lịch.</p><h2>Tôi thanh toán bằng cách nào?</h2><ul><li>Thanh toán trực tuyến</li><li>Thanh toán tại cơ sở khám</li><li>Số dư ví {brand}</li></ul><h2>Cần hỗ trợ thêm?</h2><p>Gọi tổng đài {hotline} hoặc gửi tin nhắn qua mục Liên hệ.</p>',
      '<h2>How do I book a visit?</h2><p>Find a doctor by speciality or symptom, choose the type of visit and a free time slot, then confirm.</p><h2>Can I book for a family member?</h2><p>Yes. Add them under Family members and choose them when booking.</p><h2>How can I pay?</h2><ul><li>Online payment</li><li>Pay at the clinic</li><li>Your {brand} wallet balance</li></ul><h2>Need more help?</h2><p>Call {hotline} or send us a message from Contact us.</p>',
    ),
  },
  {
    contentId: 4,
    title: b('Chính sách bảo mật', 'Privacy policy'),
    body: b(
      '<h2>Dữ liệu chúng tôi thu thập</h2><p>{brand} thu thập họ tên, số điện thoại, email, thông tin người thân và hồ sơ sức khỏe bạn cung cấp để phục vụ việc khám chữa bệnh.</p><h2>Mục đích sử dụng</h2><ul><li>Đặt lịch và nhắc lịch hẹn</li><li>Chia sẻ hồ sơ với bác sĩ bạn chọn</li><li>Hỗ trợ khách hàng</li></ul><h2>Bảo vệ dữ liệu</h2><p>Dữ liệu sức khỏe là dữ liệu cá nhân nhạy cảm, được bảo vệ theo quy định pháp luật Việt Nam về bảo vệ dữ liệu cá nhân. Chúng tôi không bán dữ liệu của bạn.</p><h2>Quyền của bạn</h2><p>Bạn có thể yêu cầu xem, sửa hoặc xóa tài khoản bất cứ lúc nào.</p>',
      '<h2>What we collect</h2><p>{brand} collects your name, phone number, email, family members and the health records you provide, in order to arrange your care.</p><h2>How we use it</h2><ul><li>Booking and appointment reminders</li><li>Sharing records with the doctor you choose</li><li>Customer support</li></ul><h2>Protecting your data</h2><p>Health data is sensitive personal data, protected under Vietnamese personal data protection law. We never sell your data.</p><h2>Your rights</h2><p>You can ask to see, correct or delete your account at any time.</p>',
    ),
  },
];
