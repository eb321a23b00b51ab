import type { PushConfig } from './api';

/** The spec's service worker path; the firebase web SDK looks for the same file. */
export const SERVICE_WORKER_URL = '/firebase-messaging-sw.js';

const bytesOf = (base64url: string): Uint8Array<ArrayBuffer> => {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

const sameKey = (subscription: PushSubscription, publicKey: string): boolean => {
  const key = subscription.options.applicationServerKey;
  if (!key) return false;
  const mine = bytesOf(publicKey);
  const theirs = new Uint8Array(key);
  return mine.length === theirs.length && mine.every((b, i) => b === theirs[i]);
};

/**
 * Subscribes this browser with the tenant's provider and answers its push token, or null when the
 * browser cannot receive pushes. The service worker is registered first (it also shows what
 * arrives); Web Push subscribes the PushManager with the server's VAPID key (a subscription made
 * with another key is replaced); FCM loads the firebase web SDK only now, for FCM tenants only.
 * Throws when the browser's push service refuses or cannot be reached.
 */
export async function subscribeThisBrowser(config: PushConfig): Promise<string | null> {
  if (config.provider === 'none' || !('serviceWorker' in navigator) || !('PushManager' in window))
    return null;
  await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  const registration = await navigator.serviceWorker.ready;
  if (config.provider === 'fcm') {
    const [{ initializeApp, getApps }, { getMessaging, getToken }] = await Promise.all([
      import('firebase/app'),
      import('firebase/messaging'),
    ]);
    const app = getApps().find((a) => a.name === 'push') ?? initializeApp(config.firebase, 'push');
    return getToken(getMessaging(app), {
      vapidKey: config.vapidKey,
      serviceWorkerRegistration: registration,
    });
  }
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription, config.publicKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: bytesOf(config.publicKey),
  });
  return JSON.stringify(subscription.toJSON());
}
