import { solveChallenge as solvePow } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import type { Static } from 'typebox';
import type { CaptchaChallenge } from '../../../../schemas/discovery';

/** An ALTCHA v2 challenge as GET /Captcha/GetChallenge returns it. */
export type AltchaChallenge = Static<typeof CaptchaChallenge>;

/**
 * Solves the proof of work (PBKDF2 through WebCrypto: no eval, no inline code, so it runs under
 * the site's CSP) and returns the payload the server verifies — base64 of { challenge, solution },
 * as the ALTCHA widget would send it — or null when it times out.
 */
export async function solveToPayload(challenge: AltchaChallenge): Promise<string | null> {
  const solution = await solvePow({
    challenge: challenge as Parameters<typeof solvePow>[0]['challenge'],
    deriveKey,
    timeout: 60_000,
  });
  return solution ? btoa(JSON.stringify({ challenge, solution })) : null;
}
