import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Type } from 'typebox';
import { BootBundle, CompanyInfo, SiteConfig } from '../../../schemas/boot';
import { Envelope, errorReplies, FileReply } from '../../../schemas/envelope';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import type { TenantRegistry } from '../../tenancy/registry';
import { bootBundle, companyInfo, siteConfig } from './service';

const ASSET_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

export interface BootRoutesOptions {
  registry: TenantRegistry;
  environment: BootBundle['environment'];
  version: string;
}

/** Tenant boot bundle, company info, site config and tenant assets. */
export const bootRoutes: FastifyPluginAsyncTypebox<BootRoutesOptions> = async (app, opts) => {
  app.get(
    '/Tenants/Boot',
    {
      schema: {
        tags: ['tenant'],
        summary:
          'Company info, site config, theme, languages, feature flags, navigation and home layout in one reply',
        response: { 200: Envelope(BootBundle) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return ok(bootBundle(request.tenant, opts.environment, opts.version, request.lang));
    },
  );

  app.get(
    '/Configs/GetConfig',
    {
      schema: {
        tags: ['tenant'],
        summary: 'Site config (social links and contact details)',
        querystring: Type.Object({ deviceType: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })) }),
        response: { 200: Envelope(SiteConfig) },
      },
    },
    async (request) => ok(siteConfig(request.tenant, request.lang)),
  );

  app.get(
    '/Common/GetLogoHospital',
    {
      schema: {
        tags: ['tenant'],
        summary: 'Company info: logo, icon, hotline, names',
        response: { 200: Envelope(CompanyInfo) },
      },
    },
    async (request) => ok(companyInfo(request.tenant, request.lang)),
  );

  app.get(
    '/Tenants/:code/assets/:file',
    {
      config: { tenant: false },
      schema: {
        response: { 200: FileReply, ...errorReplies({ 404: ['not_found'] }) },
        tags: ['tenant'],
        summary: 'A file of the tenant folder (logo, icon)',
        params: Type.Object({
          code: Type.String({ pattern: '^[a-z][a-z0-9]{1,29}$' }),
          file: Type.String({ pattern: '^[a-zA-Z0-9_-]+\\.(svg|png|jpg|jpeg|webp)$' }),
        }),
      },
    },
    async (request, reply) => {
      const tenant = opts.registry.byCode.get(request.params.code);
      const file = tenant && path.join(tenant.folder, request.params.file);
      if (!tenant || !file || !existsSync(file)) throw new ApiError(404, 'not_found');
      return reply
        .type(ASSET_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream')
        .header('cache-control', 'public, max-age=3600')
        .send(readFileSync(file));
    },
  );
};
