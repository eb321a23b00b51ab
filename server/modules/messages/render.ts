import Handlebars from 'handlebars';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import { smsParts, smsText } from '../../services/delivery/index';
import type { Tenant } from '../../tenancy/registry';
import { DEFAULT_TEXTS, type EventTexts } from './default-texts';
import { DEFAULT_EMAIL_LAYOUT, LAYOUT_WORDS } from './email-layout';
import type { MessageEvent, MessagePayload } from './events';
import { viewModel } from './view-model';

/** One event rendered for one language and tenant: every channel's form. */
export interface RenderedMessage {
  title: string;
  body: string;
  subject: string;
  text: string;
  html: string;
  sms: string;
  /** How many SMS parts `sms` takes. */
  smsParts: number;
  link: string;
}

/** The tenant's look in email: from tenants/<code>/messages/brand.json, else its config and theme. */
export interface MessageBrand {
  name: string;
  senderName: string;
  fromAddress: string | null;
  replyTo: string | null;
  logoUrl: string;
  primary: string;
  onPrimary: string;
  footer: string;
  hotline: string;
}

interface BrandFile {
  senderName?: Partial<Record<LanguageCode, string>>;
  fromAddress?: string;
  replyTo?: string;
  logoUrl?: string;
  primaryColor?: string;
  onPrimaryColor?: string;
  footer?: Partial<Record<LanguageCode, string>>;
}

// One handlebars environment of our own (no global helpers leak in or out).
const hbs = Handlebars.create();
const compiled = new Map<string, HandlebarsTemplateDelegate>();
const compile = (source: string, html: boolean) => {
  const key = `${html ? 'h' : 't'}:${source}`;
  let template = compiled.get(key);
  if (!template) {
    // Plain-text parts are not HTML: no escaping there; the HTML layout escapes every value.
    template = hbs.compile(source, { noEscape: !html, strict: false });
    compiled.set(key, template);
  }
  return template;
};

// Template files are read once per process (like tenant.json): a changed template takes effect
// at the next start; `messages preview` always reads the current files.
const files = new Map<string, string | null>();

/** tenants/<code>/messages/<name>, or null when the tenant has no such file. */
function tenantFile(tenant: Tenant, name: string): string | null {
  const file = path.join(tenant.folder, 'messages', name);
  let text = files.get(file);
  if (text === undefined) {
    text = existsSync(file) ? readFileSync(file, 'utf8') : null;
    files.set(file, text);
  }
  return text;
}

const PARTS = ['title', 'body', 'email', 'sms'] as const;

/** The texts of an event in a language: the server's defaults with the tenant's overriding files. */
export function eventTexts(tenant: Tenant, event: MessageEvent, lang: LanguageCode): EventTexts {
  const texts = { ...DEFAULT_TEXTS[event][lang] };
  for (const part of PARTS) {
    const override = tenantFile(tenant, `${event}.${lang}.${part}.hbs`);
    if (override !== null) texts[part] = override.replace(/\n$/, '');
  }
  return texts;
}

export function messageBrand(tenant: Tenant, lang: LanguageCode): MessageBrand {
  const file = tenantFile(tenant, 'brand.json');
  const own = file ? (JSON.parse(file) as BrandFile) : {};
  const config = tenant.config;
  const base = config.companyInfo.linkUserWeb.replace(/\/+$/, '');
  const logo = config.companyInfo.logo;
  const logoUrl =
    own.logoUrl ??
    (/^https?:\/\//.test(logo) ? logo : base ? `${base}/api/v1/Tenants/${config.code}/assets/${logo}` : '');
  const address = config.siteConfig.sitContactAddress[lang];
  return {
    name: config.name[lang],
    senderName: own.senderName?.[lang] ?? config.name[lang],
    fromAddress: own.fromAddress ?? null,
    replyTo: own.replyTo ?? (config.siteConfig.siteContactEmail || null),
    logoUrl,
    primary: own.primaryColor ?? tenant.theme.color.primary,
    onPrimary: own.onPrimaryColor ?? tenant.theme.color.onPrimary,
    footer:
      own.footer?.[lang] ??
      [config.companyInfo.hospitalFullName[lang] || config.name[lang], address].filter(Boolean).join(' · '),
    hotline: config.companyInfo.hotlineCSKH,
  };
}

/**
 * Renders an event for a tenant and language. `unsubscribeUrl` (non-essential email) adds the
 * link to the HTML footer and the plain text.
 */
export function renderMessage(
  tenant: Tenant,
  event: MessageEvent,
  lang: LanguageCode,
  payload: MessagePayload,
  options: { unsubscribeUrl?: string | null; smsUnicode?: boolean; now?: Date } = {},
): RenderedMessage {
  const texts = eventTexts(tenant, event, lang);
  const values = viewModel(tenant.config, lang, payload, options.now);
  const brand = messageBrand(tenant, lang);
  const fill = (source: string) => compile(source, false)(values).trim();
  const title = fill(texts.title);
  const words = LAYOUT_WORDS[lang];
  let text = fill(texts.email).replace(/\n{3,}/g, '\n\n');
  const footer = [brand.footer, brand.hotline ? `${words.hotline}: ${brand.hotline}` : '']
    .filter(Boolean)
    .join('\n');
  const textWithFooter = `${text}\n\n--\n${footer}${
    options.unsubscribeUrl ? `\n${words.unsubscribe}: ${options.unsubscribeUrl}` : ''
  }`;
  const paragraphs = text.split(/\n\s*\n/).map((p) => p.split('\n'));
  const layout = tenantFile(tenant, 'layout.html.hbs') ?? DEFAULT_EMAIL_LAYOUT;
  const htmlOverride = tenantFile(tenant, `${event}.${lang}.html.hbs`);
  const layoutValues = {
    ...values,
    lang,
    subject: `${brand.name}: ${title}`,
    title,
    paragraphs,
    brand,
    action: words.action,
    hotlineLabel: words.hotline,
    unsubscribeLabel: words.unsubscribe,
    unsubscribeUrl: options.unsubscribeUrl ?? null,
  };
  const html = compile(htmlOverride ?? layout, true)(layoutValues);
  const sms = smsText(fill(texts.sms), options.smsUnicode ?? false);
  text = textWithFooter;
  return {
    title,
    body: fill(texts.body),
    subject: `${brand.name}: ${title}`,
    text,
    html,
    sms,
    smsParts: smsParts(sms),
    link: String(values.link),
  };
}
