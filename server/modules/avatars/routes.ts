import { errorReplies, FileReply } from '../../../schemas/envelope';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Database } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { avatarSvg } from './avatar-svg';

/** GET /api/v1/avatars/{doctorId}.svg: the generated photo of a doctor of this tenant. */
export const avatarRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/avatars/:file',
    {
      schema: {
        response: { 200: FileReply, ...errorReplies({ 404: ['not_found'] }) },
        tags: ['catalogue'],
        summary: 'Generated doctor photo',
        params: Type.Object({ file: Type.String({ pattern: '^[0-9]{1,9}\\.svg$' }) }),
      },
    },
    async (request, reply) => {
      const doctorId = Number.parseInt(request.params.file, 10);
      const { rows } = await db.tenant(request.tenant.config.code, (sql) =>
        sql.query<{ full_name: string }>('SELECT full_name FROM doctors WHERE doctor_id = $1', [doctorId]),
      );
      if (!rows[0]) throw new ApiError(404, 'not_found');
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(avatarSvg(rows[0].full_name, doctorId));
    },
  );
};
