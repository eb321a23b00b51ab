// The web push service worker (spec sections 3 and 7, Push: the path is the spec's, the one the
// firebase web SDK looks for). One file for both providers: a standard Web Push message is our JSON
// ({title, body, url, tag, type, notificationId, icon}, server/services/push), and an FCM message
// carries the same fields as strings in `data`, so no Firebase code runs here.
//
// A push shows a notification with the tenant's icon; `tag` makes a repeat (a retried delivery)
// replace the one shown. An AppointmentReminder also tells the open app at once, which then shows
// its reminder dialog. A click focuses an open tab of the portal and takes it to the push's page
// (the reminder dialog for a reminder), or opens that page in a new window.

const REMINDER = 'AppointmentReminder';
const APPOINTMENTS = '/me/appointments-list/';

/** The push's fields, from our JSON or an FCM message's `data`; null when it is neither. */
function readPush(event) {
  if (!event.data) return null;
  let raw;
  try {
    raw = event.data.json();
  } catch {
    return null;
  }
  const fields = raw && typeof raw.data === 'object' && raw.data !== null ? raw.data : raw;
  if (!fields || typeof fields.title !== 'string') return null;
  const id = Number(fields.notificationId);
  return {
    title: fields.title,
    body: typeof fields.body === 'string' ? fields.body : '',
    url: typeof fields.url === 'string' && fields.url.startsWith('/') ? fields.url : '/',
    tag: typeof fields.tag === 'string' ? fields.tag : '',
    type: typeof fields.type === 'string' ? fields.type : '',
    notificationId: Number.isInteger(id) && id > 0 ? id : null,
    icon: typeof fields.icon === 'string' ? fields.icon : '/favicon.svg',
  };
}

/** The portal's open tabs (this worker's origin only). */
const windows = () => self.clients.matchAll({ type: 'window', includeUncontrolled: true });

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  const push = readPush(event);
  if (!push) return;
  event.waitUntil(
    (async () => {
      await self.registration.showNotification(push.title, {
        body: push.body,
        icon: push.icon,
        badge: push.icon,
        // Same tag: replaces the one shown, silently (a retried delivery must not ring twice).
        tag: push.tag || undefined,
        data: push,
      });
      // The open app shows the reminder dialog now instead of at its next look at the server.
      for (const client of await windows()) client.postMessage({ source: 'sk-push', kind: 'received', push });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  const push = event.notification.data || {};
  event.notification.close();
  const url = push.type === REMINDER ? APPOINTMENTS : push.url || '/';
  event.waitUntil(
    (async () => {
      const open = await windows();
      const client = open.find((c) => c.focused) || open[0];
      if (client) {
        await client.focus();
        // The app navigates itself (a reminder opens its dialog over the current page).
        client.postMessage({ source: 'sk-push', kind: 'clicked', push });
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
