export { fakeApi } from '../../test/fake-api';

/** The consent reply of GetHealthDataConsent. */
export const consentReply = (consented: boolean, version = '2026-01') => ({
  version,
  text: 'Sống Khỏe xử lý dữ liệu sức khỏe của bạn để lưu hồ sơ.',
  language: 'vi',
  consented,
  givenAt: consented ? '2026-03-01T02:05:00.000Z' : null,
});
