import { STORAGE_KEYS, storage } from './storage';

/** A health program of the signed-in user (header dropdown). */
export interface HealthProgramRef {
  id: number;
  name: string;
}

/** The signed-in user as kept in localStorage `user` (spec section 3). */
export interface StoredUser {
  userId: number | string;
  token: string;
  refreshToken?: string | null;
  fullName?: string | null;
  phoneCode?: string | null;
  mobileNumber?: string | null;
  email?: string | null;
  /** Used as a device id by the original product; kept as the server sent it. */
  cookie?: string | null;
  listHealthProgram?: HealthProgramRef[] | null;
  userCallDiriectProgramId?: number | null;
  /** spec section 6 role: 'doctor' and 'hospital' accounts get the /care workspace. */
  role?: 'patient' | 'doctor' | 'hospital';
}

type Listener = () => void;
const listeners = new Set<Listener>();
// Cached so useSyncExternalStore gets the same object until the stored text changes.
let cachedText: string | null | undefined;
let cachedUser: StoredUser | null = null;

const emit = () => listeners.forEach((listener) => listener());

/** The stored user, or null when there is none or it cannot be parsed. */
export function readUser(): StoredUser | null {
  const text = storage.get(STORAGE_KEYS.user);
  if (text === cachedText) return cachedUser;
  cachedText = text;
  cachedUser = parseUser(text);
  return cachedUser;
}

function parseUser(text: string | null): StoredUser | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as StoredUser) : null;
  } catch {
    return null;
  }
}

/** The user's phone as shown in the account menu and page, e.g. "+84 901234567". */
export const phoneOf = (user: StoredUser) =>
  [user.phoneCode && `+${user.phoneCode.replace(/^\+/, '')}`, user.mobileNumber].filter(Boolean).join(' ');

/** A doctor or hospital staff account: the header offers the care workspace (/care). */
export const isCareUser = (user: StoredUser | null): user is StoredUser =>
  isSignedIn(user) && (user.role === 'doctor' || user.role === 'hospital');

/** Signed in = a stored user with both userId and token (the route guard's rule). */
export const isSignedIn = (user: StoredUser | null): user is StoredUser => !!user?.userId && !!user.token;

export function saveUser(user: StoredUser): void {
  storage.set(STORAGE_KEYS.user, JSON.stringify(user));
  emit();
}

/** Merges fields (e.g. a token refresh reply) into the stored user. */
export function mergeUser(fields: Partial<StoredUser>): StoredUser | null {
  const current = readUser();
  if (!current) return null;
  const next = { ...current, ...fields };
  saveUser(next);
  return next;
}

export function clearUser(): void {
  storage.remove(STORAGE_KEYS.user);
  emit();
}

/** Subscribes to changes in this tab and, through `storage` events, in other tabs. */
export function subscribeUser(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.user) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
