/** Captcha service: signed, tenant-bound, single-use ALTCHA challenges. Import from here. */
export {
  CAPTCHA_TTL_SECONDS,
  type CaptchaKeys,
  captchaSecrets,
  consumeCaptcha,
  createCaptchaChallenge,
} from './altcha';
