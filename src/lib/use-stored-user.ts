import { useSyncExternalStore } from 'react';
import { readUser, subscribeUser, type StoredUser } from './user-storage';

/** The stored user, re-rendering on sign-in, sign-out, refresh and changes from other tabs. */
export function useStoredUser(): StoredUser | null {
  return useSyncExternalStore(subscribeUser, readUser, () => null);
}
