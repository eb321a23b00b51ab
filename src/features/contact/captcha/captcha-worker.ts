/// <reference lib="webworker" />
import { solveToPayload, type AltchaChallenge } from './solve';

// The proof of work runs here so typing and scrolling stay smooth while it is computed.
self.onmessage = async (event: MessageEvent<AltchaChallenge>) => {
  const payload = await solveToPayload(event.data).catch(() => null);
  self.postMessage(payload);
};
