import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, updated when it changes (window.matchMedia). False where
 * matchMedia does not exist (tests in jsdom) and on the server.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    // The server, and hydration of its HTML, assume a narrow screen (phones first); a wide one
    // re-renders right after hydrating.
    () => false,
  );
}
