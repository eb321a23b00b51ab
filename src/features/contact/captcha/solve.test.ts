import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { describe, expect, it } from 'vitest';
import { solveToPayload, type AltchaChallenge } from './solve';

describe('captcha solver', () => {
  it('produces the { challenge, solution } payload the server verifies', async () => {
    const secrets = { hmacSignatureSecret: 'sig-secret', hmacKeySignatureSecret: 'key-secret' };
    const challenge = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 10,
      counter: 3,
      deriveKey,
      ...secrets,
    });
    const payload = await solveToPayload(challenge as AltchaChallenge);
    expect(payload).toBeTruthy();
    const decoded = JSON.parse(atob(payload!)) as Parameters<typeof verifySolution>[0];
    expect(decoded.solution.counter).toBe(3);
    const result = await verifySolution({
      challenge: decoded.challenge,
      solution: decoded.solution,
      deriveKey,
      ...secrets,
    });
    expect(result.verified).toBe(true);
  });
});
