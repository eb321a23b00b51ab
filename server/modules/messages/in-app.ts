import Handlebars from 'handlebars';
import type { LanguageCode, TenantConfig } from '../../../schemas/tenant.schema';
import { DEFAULT_TEXTS } from './default-texts';
import type { MessageEvent, MessagePayload } from './events';
import { viewModel } from './view-model';

const hbs = Handlebars.create();
const cache = new Map<string, HandlebarsTemplateDelegate>();
const fill = (source: string, values: Record<string, unknown>) => {
  let template = cache.get(source);
  if (!template) cache.set(source, (template = hbs.compile(source, { noEscape: true })));
  return template(values).trim();
};

/**
 * The in-app notification's title and body in both languages (the list follows the reader's
 * language), from the server's texts: the in-app list is the app's own page, already branded.
 */
export function inAppTexts(
  tenant: TenantConfig,
  event: MessageEvent,
  payload: MessagePayload,
  now: Date,
): { title: Record<LanguageCode, string>; body: Record<LanguageCode, string> } {
  const one = (lang: LanguageCode) => {
    const values = viewModel(tenant, lang, payload, now);
    const texts = DEFAULT_TEXTS[event][lang];
    return { title: fill(texts.title, values), body: fill(texts.body, values) };
  };
  const vi = one('vi');
  const en = one('en');
  return { title: { vi: vi.title, en: en.title }, body: { vi: vi.body, en: en.body } };
}
