import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False on the server and while React hydrates server HTML, true afterwards (and in a plain
 * client render). What only the browser knows (its clock's zone, a portal to document.body) is
 * shown behind it, so the hydrated tree matches the server's HTML and then updates.
 */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
