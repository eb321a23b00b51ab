import { solveToPayload, type AltchaChallenge } from './solve';

/**
 * Solves a challenge in a Web Worker (a same-origin module script, allowed by `script-src 'self'`),
 * or on the main thread where workers are unavailable (tests). Resolves to the payload or null.
 */
export function runSolver(challenge: AltchaChallenge): Promise<string | null> {
  if (typeof Worker === 'undefined') return solveToPayload(challenge);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./captcha-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<string | null>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (error) => {
      worker.terminate();
      reject(new Error(error.message || 'captcha worker failed'));
    };
    worker.postMessage(challenge);
  });
}
