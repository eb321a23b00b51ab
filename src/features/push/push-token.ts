import { storage } from '../../lib/storage';

/**
 * The spec's push token (section 3): localStorage `fcmToken`, sent as deviceTokenWeb on Auth/Login
 * and Auth/LoginWithOTP so the server sends this account's pushes to this browser. An FCM
 * registration token on an FCM tenant, the PushSubscription as JSON on a Web Push one. Kept
 * across sign-outs: it belongs to the browser, and the server forgets it for the signed-out account.
 */
export const PUSH_TOKEN_KEY = 'fcmToken';

export const storedPushToken = (): string => storage.get(PUSH_TOKEN_KEY) ?? '';

export const keepPushToken = (token: string) => storage.set(PUSH_TOKEN_KEY, token);
