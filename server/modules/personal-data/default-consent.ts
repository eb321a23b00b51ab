import type { LanguageCode } from '../../../schemas/tenant.schema';

/**
 * The built-in health-data consent text, used when a tenant's tenant.json leaves
 * privacy.healthDataConsent.text empty for a language. It names the tenant (the data controller),
 * the purposes, the rights and how to use them, as Decree 13/2023 and the Personal Data
 * Protection Law 91/2025/QH15 ask of consent to sensitive (health) data.
 */
export function defaultConsentText(tenantName: string, lang: LanguageCode): string {
  return lang === 'en' ? english(tenantName) : vietnamese(tenantName);
}

const vietnamese = (
  name: string,
) => `${name} (sau đây gọi là "chúng tôi") là bên kiểm soát và xử lý dữ liệu cá nhân của bạn. Dữ liệu sức khỏe là dữ liệu cá nhân nhạy cảm theo Luật Bảo vệ dữ liệu cá nhân số 91/2025/QH15; chúng tôi chỉ xử lý khi có sự đồng ý của bạn.

Khi bấm "Tôi đồng ý", bạn đồng ý để chúng tôi xử lý dữ liệu sức khỏe của bạn và của các thành viên gia đình mà bạn quản lý (bạn xác nhận mình là người đại diện hợp pháp hoặc đã được họ đồng ý), cho các mục đích sau:
1. Lưu trữ hồ sơ sức khỏe (kết quả khám, xét nghiệm, đơn thuốc, hình ảnh, tài liệu) của bạn và người thân để bạn xem lại khi cần.
2. Chia sẻ những hồ sơ bạn chọn với bác sĩ hoặc bệnh viện mà bạn đã đặt lịch khám, chỉ trong phạm vi lịch khám đó.
3. Lập và gửi hồ sơ yêu cầu bồi thường bảo hiểm và yêu cầu bảo lãnh viện phí tới công ty bảo hiểm hoặc bệnh viện mà bạn chọn.

Chúng tôi không dùng dữ liệu sức khỏe cho quảng cáo và không bán cho bên thứ ba. Mỗi lần dữ liệu sức khỏe được xem, tải xuống hoặc xuất ra đều được ghi lại; bạn xem được ai đã xem hồ sơ của mình và vào lúc nào.

Quyền của bạn:
- Truy cập: xem dữ liệu và nhật ký truy cập trong mục "Quyền riêng tư" của tài khoản.
- Xuất dữ liệu: tải xuống toàn bộ dữ liệu của bạn (tệp nén gồm dữ liệu và tài liệu).
- Rút lại sự đồng ý bất cứ lúc nào: từ đó chúng tôi không nhận thêm dữ liệu sức khỏe mới; việc rút lại không ảnh hưởng đến việc xử lý đã thực hiện trước đó.
- Xóa: xóa từng hồ sơ, hoặc xóa tài khoản; sau thời hạn chờ, toàn bộ dữ liệu sức khỏe và tệp đính kèm sẽ bị xóa vĩnh viễn.

Nếu có câu hỏi hoặc khiếu nại về việc xử lý dữ liệu cá nhân, vui lòng liên hệ ${name} qua thông tin trên trang Liên hệ.`;

const english = (
  name: string,
) => `${name} ("we") is the controller and processor of your personal data. Health data is sensitive personal data under Vietnam's Personal Data Protection Law No. 91/2025/QH15; we process it only with your consent.

By selecting "I agree", you consent to our processing of your health data and that of the family members you manage (you confirm you are their legal representative or have their consent), for these purposes:
1. Storing health records (examination and test results, prescriptions, images, documents) of you and your family members so that you can see them again when needed.
2. Sharing the records you choose with the doctor or hospital you booked an appointment with, for that appointment only.
3. Preparing and sending insurance claims and hospital fee guarantee requests to the insurer or hospital you choose.

We do not use health data for advertising and do not sell it to third parties. Every view, download or export of health data is logged; you can see who looked at your records and when.

Your rights:
- Access: see your data and its access log under "Privacy" in your account.
- Export: download all your data (an archive of the data and documents).
- Withdraw your consent at any time: from then on we accept no new health data; withdrawing does not affect processing done before.
- Delete: delete any record, or your account; after the grace period all health data and files are erased for good.

For questions or complaints about the processing of your personal data, contact ${name} through the Contact page.`;
