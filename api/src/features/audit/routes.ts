import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type AuditEntry } from '@roconnect/shared-lib/contract';
import { consoleLimits } from '../../lib/route-limits';
import { requireManagingCaller } from '../../domain/guilds/access';
import { mentionedIds, withNames } from '../../domain/audit/names';
import type { AppContext } from '../../context';
import type { GuildRow } from '../../domain/guilds/access';
import { parseBefore, type AuditCursor } from './cursor';
import { csvHeader, csvRow } from './csv';
import { exportFilename, parseFilters, type AuditFilters } from './filters';
import { namesFor } from './guild-names';
import { readAuditPage } from './query';
import { AUDIT_ENDPOINTS } from '@roconnect/shared-lib/contract/schemas';
import { serve } from '../../lib/serve';
import { ok } from '../../lib/answer';

const DEFAULT_LIMIT = 25;
/** The export reads the log in pages of this size, up to EXPORT_MAX entries. */
export const EXPORT_PAGE = 500;
const EXPORT_MAX = 50_000;

type Page = { entries: AuditEntry[]; next_before: string | null };

/**
 * One page of the log with names: people by their display names, and the roles, channels and
 * users the entries name by their names now (docs/product.md › Audit log).
 */
async function namedPage(
  ctx: AppContext,
  guild: GuildRow,
  filters: AuditFilters,
  before: AuditCursor | null,
  limit: number,
): Promise<Page> {
  const page = await readAuditPage(ctx.db, { guildId: guild.id, ...filters, before, limit });
  const names = await namesFor(ctx, guild, mentionedIds(page.entries));
  return {
    entries: page.entries.map((e) => withNames(e, names, page.roleIds.get(e.id))),
    next_before: page.next_before,
  };
}

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

  serve(app, AUDIT_ENDPOINTS.page, authed, async (request) => {
    const { guild } = await requireManagingCaller(ctx, request);
    const { before, limit, ...query } = request.query;
    const filters = parseFilters(query);
    const page = await namedPage(ctx, guild, filters, parseBefore(before), limit ?? DEFAULT_LIMIT);
    return ok(page);
  });

  serve(app, AUDIT_ENDPOINTS.export, exportLimits.options, async (request, reply) => {
    const { guild } = await requireManagingCaller(ctx, request);
    const filters = parseFilters(request.query);
    await exportLimits.server(request);
    const readPage = (before: AuditCursor | null) =>
      namedPage(ctx, guild, filters, before, EXPORT_PAGE);
    // the first page before the headers go out: a failure here is still a JSON error answer
    const first = await readPage(null);
    return (
      reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${exportFilename(guild.id, filters)}"`,
        )
        // the schema documents the body (CSV text); it goes out as a stream of that text
        .send(Readable.from(csvLines(first, readPage)) as unknown as string)
    );
  });
};
