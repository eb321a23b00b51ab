import type { LanguageCode } from '../../../schemas/tenant.schema';

/** A message's subject and body in every language; `{name}` marks a value filled at send time. */
export type MessageTexts = Record<LanguageCode, [subject: string, body: string]>;

/** Values a message may use: `{brand}` always, `{code}` and `{device}` and any others by name. */
export type MessageValues = { brand: string } & Record<string, string | undefined>;

/**
 * The message kinds of every feature. Features own their texts and register them once (for
 * example when their routes are registered); the delivery service only renders them. A kind is
 * a global name, so features prefix theirs when they may collide ('appointment-reminder').
 */
const registry = new Map<string, MessageTexts>();

/**
 * Registers message kinds. Registering the same texts again is a no-op (an app built twice in
 * one process); giving an existing kind different texts throws.
 */
export function registerMessages(kinds: Record<string, MessageTexts>): void {
  for (const [kind, texts] of Object.entries(kinds)) {
    const existing = registry.get(kind);
    if (existing && existing !== texts && JSON.stringify(existing) !== JSON.stringify(texts)) {
      throw new Error(`delivery: message kind '${kind}' is already registered with other texts`);
    }
    registry.set(kind, texts);
  }
}

/** Whether a kind has been registered. */
export const hasMessageKind = (kind: string) => registry.has(kind);

/** Replaces every `{name}` with its value ('' when missing). */
export function fillTemplate(text: string, values: MessageValues): string {
  return text.replace(/\{(\w+)\}/g, (_match, name: string) => values[name] ?? '');
}

/** Subject (prefixed by the brand) and body of a registered message kind in a language. */
export function renderMessage(
  kind: string,
  lang: LanguageCode,
  values: MessageValues,
): { subject: string; body: string } {
  const texts = registry.get(kind);
  if (!texts) throw new Error(`delivery: unknown message kind '${kind}' (register it with registerMessages)`);
  const [subject, body] = texts[lang];
  return { subject: `${values.brand}: ${fillTemplate(subject, values)}`, body: fillTemplate(body, values) };
}
