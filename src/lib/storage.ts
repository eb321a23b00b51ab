/**
 * localStorage that never throws: private browsing, a full quota or a disabled store must not
 * break booting, so reads fall back to null and failed writes are ignored.
 */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Nothing to do: the value simply lives for this page only.
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Same as set: a store we cannot write holds nothing to remove.
    }
  },
};

/** The localStorage keys of spec section 3. */
export const STORAGE_KEYS = {
  user: 'user',
  lang: 'lang',
  languageId: 'languageId',
  deviceId: 'device_id',
} as const;
