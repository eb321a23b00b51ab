/**
 * Web push in the web app (spec sections 3 and 7, Push): the push token kept for sign-in, the
 * subscription made once notifications are allowed, and what the service worker tells the open
 * app. Nothing here loads before the first render: the sign-in forms read a localStorage key, and
 * the subscribing code (and the firebase web SDK, FCM tenants only) is imported when used.
 */
export { storedPushToken, PUSH_TOKEN_KEY } from './push-token';
export { useEnablePush } from './use-enable-push';
export { usePushAfterSignIn } from './use-push-after-sign-in';
export { usePushMessages, type PushMessageEvent } from './use-push-messages';
