import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import vi from './vi.json';

function flatKeys(messages: object, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    value && typeof value === 'object' ? flatKeys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

/** Every message key named in spec sections 5 and 8. */
const SPEC_KEYS = `valid_full_name valid_email valid_msg must_be_bw_7_to_15 select_this valid_email_mob
  invalid_email_phone valid_email_phone valid_pass pass_does_not_contain_space enter_confirm_pass
  valid_confirm_pass pass_confirm_pass_same read_agree_terms plz_enter_OTP valid_password type_otp_we_send
  mobile_no_required enter_valid_OTP pass_6_char_long new_pass_required confirm_pass_required
  pass_confirmPass_same incorrect_account account_locked warning_verify_account MobileEmailExist
  forget_account_no_active PasswordConfirmFail scheduling_failed registration_exceeded not_yet_scheduled
  appointment_ended time_expired appointment_error attachment_file_error user_not_join package_expired
  validate_number_call user_signin_success user_create_success otp_send_msg otp_sent_to_mob
  otp_sent_to_email check_mob_otp pass_changed msg_sent
  request.sessionExpired request.accessDenied request.unknownError request.serverError request.fallback
  pin_incorrect otp_incorrect_or_expired cancel_limit_exceeded booking_payment_failed wallet_not_eligible
  promo_code_invalid doctor_not_connected video_join_failed audio_failed session_not_initialised
  screen_share_conflict device_permission_error no_active_account something_went_wrong`.split(/\s+/);

const root = path.resolve(__dirname, '../../..');
const viKeys = new Set(flatKeys(vi));

function sourceFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}

describe('message files', () => {
  it('vi.json and en.json have the same keys', () => {
    expect(flatKeys(en).sort()).toEqual(flatKeys(vi).sort());
  });

  it('contain every message key of the spec', () => {
    expect(SPEC_KEYS.filter((key) => !viKeys.has(key))).toEqual([]);
  });

  it("contain every labelKey of the tenants' navigation", () => {
    const tenantsDir = path.join(root, 'tenants');
    const labelKeys = readdirSync(tenantsDir).flatMap((code) => {
      const text = readFileSync(path.join(tenantsDir, code, 'tenant.json'), 'utf8');
      return [...text.matchAll(/"labelKey":\s*"([^"]+)"/g)].map((match) => match[1]!);
    });
    const required = ['nav.doctors', 'nav.hospitals', 'nav.specialities', 'nav.symptoms', 'nav.blog'];
    const more = ['nav.referAndEarn', 'nav.contactUs', 'nav.aboutUs', 'nav.terms', 'nav.privacy', 'nav.faqs'];
    expect([...labelKeys, ...required, ...more].filter((key) => !viKeys.has(key))).toEqual([]);
  });

  it('contain every literal key the source code uses', () => {
    const used = sourceFiles(path.join(root, 'src')).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const calls = [...text.matchAll(/\bt\(\s*'([^'$]+)'/g)].map((match) => match[1]!);
      const keyProps = [...text.matchAll(/\b\w*Key:\s*'([^'$]+)'/g)].map((match) => match[1]!);
      return [...calls, ...keyProps].map((key) => `${path.relative(root, file)}: ${key}`);
    });
    // A feature with its own namespace (src/features/<f>/i18n/vi.json) may use its keys too.
    const featureKeys = (file: string): Set<string> => {
      const match = /^src\/features\/([^/]+)\//.exec(file);
      const own = match ? path.join(root, 'src/features', match[1]!, 'i18n/vi.json') : '';
      if (!own || !existsSync(own)) return new Set();
      return new Set(flatKeys(JSON.parse(readFileSync(own, 'utf8')) as object));
    };
    expect(
      used.filter((entry) => {
        const [file, key] = entry.split(': ') as [string, string];
        return !viKeys.has(key) && !featureKeys(file).has(key);
      }),
    ).toEqual([]);
  });

  it('feature namespaces have the same keys in vi and en', () => {
    const featuresDir = path.join(root, 'src/features');
    for (const feature of readdirSync(featuresDir)) {
      const dir = path.join(featuresDir, feature, 'i18n');
      if (!existsSync(path.join(dir, 'vi.json'))) continue;
      const read = (language: string) =>
        flatKeys(JSON.parse(readFileSync(path.join(dir, `${language}.json`), 'utf8')) as object).sort();
      expect(read('en'), feature).toEqual(read('vi'));
    }
  });
});
