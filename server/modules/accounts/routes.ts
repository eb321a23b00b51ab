import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { noSharedCounters, type SharedCounters } from '../../services/shared-counters/index';
import { LoginData, VerifyTwoFactorRequest } from '../../../schemas/accounts';
import { Envelope, errorReplies } from '../../../schemas/envelope';
import type { Env } from '../../config/env';
import type { Database } from '../../db/database';
import type { Keyring } from '../../services/keyring/index';
import { createDeliveryFactory } from '../../services/delivery/index';
import { authRoutes } from './auth-routes';
import { withCtx, type AccountsDeps } from './context';
import { registerAccountMessages } from './messages';
import { otpRoutes } from './otp-routes';
import { registrationRoutes } from './registration-routes';
import { signInEnvelope } from './reply';
import { securityRoutes } from './security-routes';
import { verifySecondFactor } from './two-factor-login';
import { usersRoutes } from './users-routes';

/**
 * Accounts: registration, sign-in in all its outcomes, one-time codes, tokens, account
 * settings. Keys for codes and sealed secrets come from the keyring; messages go to the outbox,
 * and in production also to SMTP (SMTP_URL) or the tenant's SMS gateway.
 */
export const accountsRoutes: FastifyPluginAsyncTypebox<{
  db: Database;
  env: Env;
  counters?: SharedCounters;
  keyring: Keyring;
}> = async (app, { db, env, counters = noSharedCounters, keyring }) => {
  registerAccountMessages();
  const deliveryFor = createDeliveryFactory({
    production: env.NODE_ENV === 'production',
    smtpUrl: env.SMTP_URL,
    from: env.SMTP_FROM,
    onError: (error, tenant) => app.log.error({ err: error, tenant }, 'message delivery failed'),
  });
  const deps: AccountsDeps = {
    db,
    keys: keyring,
    issue: (claims) => app.issueAccessToken(claims),
    counters,
    delivery: (tenant) => deliveryFor(tenant.config),
  };
  await app.register(authRoutes, { deps });
  await app.register(otpRoutes, { deps });
  await app.register(registrationRoutes, { deps });
  await app.register(usersRoutes, { deps });
  await app.register(securityRoutes, { deps });
  app.post(
    '/Auth/VerifyOTPTwo2NF',
    {
      schema: {
        tags: ['auth'],
        summary: 'Second factor of a sign-in (email code, TOTP or recovery code)',
        body: VerifyTwoFactorRequest,
        response: { 200: Envelope(LoginData), ...errorReplies({ 401: ['unauthorized'] }) },
      },
    },
    async (request) => {
      const data = await withCtx(deps, request, {}, (ctx) => verifySecondFactor(ctx, request.body));
      return signInEnvelope({ code: null, data }, request.lang);
    },
  );
};
