import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238: SHA-1, 6 digits, 30 s, as every authenticator app expects. */
function totpOf(secretBase32: string, brand: string, label: string): TOTP {
  return new TOTP({
    issuer: brand,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new 160-bit secret (base32). */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI and its QR code as an SVG data URL. */
export async function totpEnrolment(secretBase32: string, brand: string, label: string) {
  const uri = totpOf(secretBase32, brand, label).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1 });
  return { uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * The time step of a code valid now (one 30 s step of clock drift either way) when it is later than
 * `lastStep` (a code, once accepted, cannot be replayed), else null.
 */
export function totpStep(secretBase32: string, code: string, now: Date, lastStep: number): number | null {
  const delta = totpOf(secretBase32, 'x', 'x').validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now.getTime() / 30_000) + delta;
  return step > lastStep ? step : null;
}
