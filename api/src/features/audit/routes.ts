import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUDIT_ROUTES, type AuditEntry } from '@roconnect/shared-lib/contract';
import { authOf } from '../../context';
import { consoleLimits } from '../../lib/route-limits';
import { requireLiveManager } from '../../domain/guilds/access';
import { parseBefore, type AuditCursor } from './cursor';
import { csvHeader, csvRow } from './csv';
import { readAuditPage } from './query';
import { auditExportRoute, auditRoute } from '@roconnect/shared-lib/contract/schemas';

const DEFAULT_LIMIT = 25;
/** The export reads the log in pages of this size, up to EXPORT_MAX entries. */
export const EXPORT_PAGE = 500;
const EXPORT_MAX = 50_000;

type Page = { entries: AuditEntry[]; next_before: string | null };

/**
 * The CSV, one page of the log at a time: the reply holds one page in memory (not the whole log)
 * and no database connection between pages. A client that goes away ends the paging.
 */
async function* csvLines(first: Page, readPage: (before: AuditCursor) => Promise<Page>) {
  yield `${csvHeader()}\r\n`;
  let page = first;
  for (let read = EXPORT_PAGE; ; read += EXPORT_PAGE) {
    if (page.entries.length) yield page.entries.map((e) => `${csvRow(e)}\r\n`).join('');
    if (!page.next_before || read >= EXPORT_MAX) return;
    page = await readPage(parseBefore(page.next_before)!);
  }
}

/**
 * GET /api/v1/server/{id}/audit and …/audit/export: the caller must manage the server now (rights
 * re-read within a minute: the log maps every member's Discord id to their Roblox account).
 */
export const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const authed = { onRequest: app.authenticate };
  const exportLimits = consoleLimits(app, ctx.settings, 'audit-export');

  app.get(AUDIT_ROUTES.page.path, { schema: auditRoute, ...authed }, async (request) => {
    const { guild } = await requireLiveManager(ctx, authOf(request).userId, request.params.id);
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
    AUDIT_ROUTES.export.path,
    { schema: auditExportRoute, ...authed, config: exportLimits.config },
    async (request, reply) => {
      const { guild } = await requireLiveManager(ctx, authOf(request).userId, request.params.id);
      await exportLimits.server(request);
      const { member } = request.query;
      const readPage = (before: AuditCursor | null) =>
        readAuditPage(ctx.db, { guildId: guild.id, member, before, limit: EXPORT_PAGE });
      // the first page before the headers go out: a failure here is still a JSON error answer
      const first = await readPage(null);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="roconnect-audit-${guild.id}${member ? `-${member}` : ''}.csv"`,
          )
          // the schema documents the body (CSV text); it goes out as a stream of that text
          .send(Readable.from(csvLines(first, readPage)) as unknown as string)
      );
    },
  );
};
