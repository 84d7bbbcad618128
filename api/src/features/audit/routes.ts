import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../context';
import { requireManager } from '../servers/access';
import { parseBefore, type AuditCursor } from './cursor';
import { csvHeader, csvRow } from './csv';
import { readAuditPage } from './query';
import { auditExportRoute, auditRoute } from './schemas';

const DEFAULT_LIMIT = 25;
/** The export reads the log in pages of this size, up to EXPORT_MAX entries. */
const EXPORT_PAGE = 500;
const EXPORT_MAX = 50_000;

/** GET /api/v1/server/{id}/audit and …/audit/export: the caller must manage the server. */
export const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const authed = { onRequest: app.authenticate };

  app.get('/api/v1/server/:id/audit', { schema: auditRoute, ...authed }, async (request) => {
    const guild = await requireManager(ctx.db, authOf(request).userId, request.params.id);
    const { before, limit, member } = request.query;
    const page = await readAuditPage(ctx.db, {
      guildId: guild.id,
      member,
      before: parseBefore(before),
      limit: limit ?? DEFAULT_LIMIT,
    });
    return { success: true as const, data: page };
  });

  app.get(
    '/api/v1/server/:id/audit/export',
    { schema: auditExportRoute, ...authed },
    async (request, reply) => {
      const guild = await requireManager(ctx.db, authOf(request).userId, request.params.id);
      const lines = [csvHeader()];
      let before: AuditCursor | null = null;
      for (let read = 0; read < EXPORT_MAX; read += EXPORT_PAGE) {
        const page = await readAuditPage(ctx.db, {
          guildId: guild.id,
          member: request.query.member,
          before,
          limit: EXPORT_PAGE,
        });
        lines.push(...page.entries.map(csvRow));
        if (!page.next_before) break;
        before = parseBefore(page.next_before);
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="roconnect-audit-${guild.id}${request.query.member ? `-${request.query.member}` : ''}.csv"`,
        )
        .send(`${lines.join('\r\n')}\r\n`);
    },
  );
};
