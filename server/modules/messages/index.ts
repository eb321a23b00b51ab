/**
 * Messages that reach people (spec section 7, Notifications): the public API of the pipeline.
 *
 * A feature raises an event inside its own transaction with `notify(sql, tenant, { event, userId,
 * key, values })`: the in-app notification and one delivery row per channel (email, SMS, push) the
 * user gets, deduplicated by key + channel. The job service runs `dispatchDueMessages` (every few
 * seconds) for every tenant; it renders each message with the tenant's templates (server defaults,
 * overridden by tenants/<code>/messages/*) and sends it through `MessageChannels`.
 */
export { notify, notifyAddress, messageLanguage, type NotifyInput, type NotifyResult } from './notify';
export {
  MESSAGE_EVENTS,
  MESSAGE_EVENT_NAMES,
  isMessageEvent,
  type CancelledByValue,
  type MessageEvent,
  type MessagePayload,
} from './events';
export {
  dispatchDueMessages,
  LEASE_MS,
  MAX_ATTEMPTS,
  retryDelayMs,
  type MessageDispatchOptions,
  type MessageDispatchReport,
} from './dispatch';
export { channelsFromEnv, dkimFromEnv, type MessageChannels } from './channels';
export { renderMessage, messageBrand, eventTexts, type RenderedMessage } from './render';
export { samplePayload } from './samples';
export { deliveryStatus, retryDelivery, DELIVERY_STATES, type DeliveryStatusRow } from './operator';
export { messagesRoutes } from './routes';
export { readPreferences, quietUntil } from './preferences';
