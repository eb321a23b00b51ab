import { useRef } from 'react';
import { newUuid } from '../../../lib/device-id';

const STORE_KEY = 'booking-attempt';

interface Attempt {
  body: string;
  key: string;
}

function readStored(): Attempt | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(STORE_KEY) ?? 'null') as Attempt | null;
    return value && typeof value.key === 'string' && typeof value.body === 'string' ? value : null;
  } catch {
    return null;
  }
}

/**
 * The Idempotency-Key of a booking attempt: the same body sent again (a double click, a retry
 * after a network failure, a reload mid-request) goes with the same key, so the server books it
 * once; a changed body is a new attempt with a new key. Kept in sessionStorage for the tab.
 */
export function useBookingAttempt() {
  const current = useRef<Attempt | null>(null);
  return {
    keyFor(body: unknown): string {
      const text = JSON.stringify(body);
      current.current ??= readStored();
      if (current.current?.body !== text) {
        current.current = { body: text, key: newUuid() };
        try {
          sessionStorage.setItem(STORE_KEY, JSON.stringify(current.current));
        } catch {
          // Kept in memory only.
        }
      }
      return current.current.key;
    },
    /** The attempt got its answer (booked or refused): the next one gets a new key. */
    finish() {
      current.current = null;
      try {
        sessionStorage.removeItem(STORE_KEY);
      } catch {
        // Nothing stored.
      }
    },
  };
}
