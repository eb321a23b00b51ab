import type { Agent } from 'node:https';
import type { TenantConfig } from '../../../schemas/tenant.schema';
import type { Database } from '../../db/database';
import { readSecret } from '../../lib/env-secret';
import type { TenantRegistry } from '../../tenancy/registry';
import { fcmProvider, parseServiceAccount } from './fcm-provider';
import type { PushProvider } from './types';
import { storedVapidKeys } from './vapid-keys';
import { webPushProvider } from './web-push-provider';

/** What the browser needs to subscribe (GET /Notifications/GetPushConfig). */
export type PushClientConfig =
  | { provider: 'webpush'; publicKey: string }
  | { provider: 'fcm'; vapidKey: string; firebase: TenantConfig['push']['fcm']['web'] }
  | { provider: 'none' };

interface TenantPush {
  provider: PushProvider | null;
  client: PushClientConfig;
}

export interface StartPushOptions {
  db: Database;
  registry: TenantRegistry;
  production: boolean;
  jwtSecret: string;
  /** Where VAPID keys, the FCM service account and the FCM URL overrides are read (process.env). */
  source: NodeJS.ProcessEnv;
  /** HTTPS agent of Web Push sends (tests: one trusting the stand-in push service's certificate). */
  webPushAgent?: Agent;
}

/**
 * The push providers of this process, per tenant code. `sendPushToUser` has only a tenant
 * transaction (the messages dispatcher's signature), so the providers, their keys and their
 * cached FCM tokens live here, set once the app is ready (startPush from app.ts).
 */
let tenants: Map<string, TenantPush> | null = null;

export function tenantPush(code: string): TenantPush {
  if (!tenants) throw new Error('push: used before startPush (app.ready)');
  return tenants.get(code) ?? { provider: null, client: { provider: 'none' } };
}

/**
 * Resolves every tenant's provider (tenant.json `push`): VAPID keys from the variables it names,
 * else (outside production) the pair kept in the database; the FCM service account from its
 * variable. A tenant whose keys are missing gets no push (in-app and the other channels still
 * work) and one sentence in `problems`, which the app logs at start.
 */
export async function startPush(options: StartPushOptions): Promise<{ problems: string[] }> {
  const problems: string[] = [];
  const next = new Map<string, TenantPush>();
  let stored: Promise<{ publicKey: string; privateKey: string }> | null = null;
  for (const { config } of options.registry.byCode.values()) {
    const push = config.push;
    if (push.provider === 'webpush') {
      const fromEnv = {
        publicKey: readSecret(options.source, push.webpush.publicKeyEnv),
        privateKey: readSecret(options.source, push.webpush.privateKeyEnv),
      };
      let keys = fromEnv.publicKey && fromEnv.privateKey ? fromEnv : null;
      if (!keys && !options.production)
        keys = await (stored ??= storedVapidKeys(options.db, options.jwtSecret));
      if (!keys) {
        problems.push(
          `${config.code}: web push is off: set ${push.webpush.publicKeyEnv} and ${push.webpush.privateKeyEnv} (npx web-push generate-vapid-keys)`,
        );
        next.set(config.code, { provider: null, client: { provider: 'none' } });
        continue;
      }
      next.set(config.code, {
        provider: webPushProvider({ keys, subject: vapidSubject(config), agent: options.webPushAgent }),
        client: { provider: 'webpush', publicKey: keys.publicKey },
      });
    } else if (push.provider === 'fcm') {
      const account = parseServiceAccount(readSecret(options.source, push.fcm.serviceAccountEnv));
      const web = push.fcm.web;
      if (!account || !web.vapidKey || !web.apiKey || !web.appId || !web.messagingSenderId) {
        problems.push(
          `${config.code}: FCM push is off: ${account ? 'tenant.json push.fcm.web needs apiKey, appId, messagingSenderId and vapidKey' : `set ${push.fcm.serviceAccountEnv} to the service account's JSON key`}`,
        );
        next.set(config.code, { provider: null, client: { provider: 'none' } });
        continue;
      }
      next.set(config.code, {
        provider: fcmProvider({
          serviceAccount: account,
          projectId: web.projectId || account.project_id,
          tokenUrl: options.source.FCM_TOKEN_URL,
          apiUrl: options.source.FCM_API_URL,
        }),
        client: {
          provider: 'fcm',
          vapidKey: web.vapidKey,
          firebase: { ...web, projectId: web.projectId || account.project_id },
        },
      });
    } else {
      next.set(config.code, { provider: null, client: { provider: 'none' } });
    }
  }
  tenants = next;
  return { problems };
}

/** tenant.json's subject, else mailto: the tenant's contact address, else its public https address. */
function vapidSubject(config: TenantConfig): string {
  if (config.push.webpush.subject) return config.push.webpush.subject;
  const email = config.siteConfig.siteContactEmail;
  if (email.includes('@')) return `mailto:${email}`;
  const site = config.companyInfo.linkUserWeb;
  if (site.startsWith('https://')) return site;
  return 'mailto:no-reply@songkhoe.vn';
}
