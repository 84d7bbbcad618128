import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../context';
import { announceJobQueued, type ChangeFeed } from '../../../db/change-feed';
import type { Database } from '../../../db/client';
import { linkedMember } from '../../../domain/accounts/linked';
import { getConfig } from '../../../domain/config/config-store';
import { updateMember } from '../../../domain/verification/update-member';
import { removalRightsCache, type RemovalRightsCache } from '../../../domain/rules/removal-rights';
import { unconfirmedRemovalLimit } from '../../../domain/rules/removal-share';
import {
  applyUnverifiedRole,
  unverifiedRoleChange,
} from '../../../domain/verification/unverified-role';
import { IntegrationError, type DiscordRole } from '../../../integrations/types';
import { ApiError } from '../../../lib/errors';
import type { JobEngine } from '../../../lib/job-engine';
import { wakeOnQueued } from '../../../lib/wake-on-queued';
import {
  addListedPage,
  announceRunEnd,
  claimRun,
  endRun,
  finishItem,
  finishOrWait,
  heartbeat,
  holdItem,
  linkedDiscordIds,
  orphanedRuns,
  releaseRun,
  requeueItem,
  takeItems,
  takeRemoval,
  type ItemRow,
  type RunRow,
} from '../store';
import { listMembersPage, MEMBER_PAGE } from './list-members';
import { memberUpdateMembers } from './metrics';

export const MEMBER_UPDATE_QUEUE = 'member-update';
/** members updated side by side; the bot client still queues per Discord bucket */
const BATCH = 8;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface MemberUpdateWorker {
  /** queue a slice of this run (after the run row was created) */
  enqueue(runId: string): Promise<void>;
  /** stop taking new work; the current slice ends at its next batch */
  stop(): void;
}

type Outcome = 'updated' | 'unchanged' | 'skipped' | 'failed' | 'retry' | 'held';

/**
 * Server-wide updates as pg-boss jobs. A job works one slice of a run (a few seconds) under the
 * run's lease and queues the next slice, so runs of several servers take turns and a run whose
 * worker died is picked up again (the sweeper re-queues runs whose lease went quiet).
 */
export async function registerMemberUpdateJob(
  boss: JobEngine,
  ctx: AppContext,
  log: FastifyBaseLogger,
  database: Database,
  changes: ChangeFeed,
): Promise<MemberUpdateWorker> {
  const worker = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const { memberUpdateLeaseSeconds: lease, memberUpdateSliceSeconds: slice } = ctx.settings;
  let stopping = false;
  // set once the worker is registered; enqueue wakes it from then on
  let workerId: string | undefined = undefined;
  const wake = () => {
    if (workerId && !stopping) boss.notifyWorker(workerId);
  };

  const enqueue = async (runId: string) => {
    await boss.send(MEMBER_UPDATE_QUEUE, { runId }, { retryLimit: 3, retryDelay: 2 });
    // this process's worker takes it now, the other replicas' once the notification reaches them
    wake();
    await announceJobQueued(database, MEMBER_UPDATE_QUEUE, worker).catch((err: unknown) =>
      // queued all the same: the other replicas see it at their next look
      log.warn({ err }, 'could not announce a queued member update'),
    );
  };

  async function updateItem(
    run: RunRow,
    guild: { id: string; name: string; ownerDiscordId: string },
    config: NonNullable<Awaited<ReturnType<typeof getConfig>>>,
    item: ItemRow,
    interrupted: boolean,
    sliceRoles: () => Promise<DiscordRole[]>,
    removalRights: RemovalRightsCache,
    removalLimit: number,
  ): Promise<Outcome> {
    const linked = await linkedMember(ctx.db, item.discordId);
    // a member a dead worker was on may have been changed already: read them again
    const member = interrupted
      ? await ctx.integrations.discordBot.getMember(run.guildId, item.discordId)
      : { user_id: item.discordId, nick: item.listedNick, roles: item.listedRoles };
    if (!member) return 'skipped'; // left the server
    if (!linked) {
      // not verified: the unverified role is theirs, when the server has one
      const outcome = await applyUnverifiedRole(ctx, {
        guildId: run.guildId,
        config,
        member,
        isVerified: false,
        roles: await sliceRoles(),
      });
      if (outcome.warnings.length) return 'failed';
      return outcome.added.length ? 'updated' : 'unchanged';
    }
    try {
      const { result, removalHeld } = await updateMember(ctx, {
        trigger: 'update_run',
        askedBy: { kind: 'update_run', runId: run.id },
        guild,
        config,
        user: linked.user,
        account: linked.account,
        member,
        removalRights,
        // past the share of kicks and bans, the member is only denied and waits for the owner
        mayRemove: () => takeRemoval(ctx.db, run.id, removalLimit),
      });
      if (removalHeld) return 'held';
      return result.roles_updated || result.nickname_updated ? 'updated' : 'unchanged';
    } catch (err) {
      if (err instanceof IntegrationError && err.kind === 'rate_limited') return 'retry';
      if (err instanceof ApiError || err instanceof IntegrationError) {
        log.info(
          { guildId: run.guildId, member: item.discordId, err: err.message },
          'member update failed',
        );
        return 'failed';
      }
      throw err;
    }
  }

  /** Lists the next page of members into the run; true when the list is complete. */
  async function listNextPage(
    run: RunRow,
    config: NonNullable<Awaited<ReturnType<typeof getConfig>>>,
  ): Promise<RunRow> {
    const page = await listMembersPage(ctx.settings.integrations, run.guildId, run.listCursor);
    // update by role: only the members holding the run's role, as Discord lists them now
    const people = page.filter((m) => !m.bot && (!run.roleId || m.roles.includes(run.roleId)));
    const linked = await linkedDiscordIds(
      ctx.db,
      people.map((m) => m.discordId),
    );
    const cursor = page.length ? page[page.length - 1]!.discordId : run.listCursor;
    const last = page.length < MEMBER_PAGE;
    await addListedPage(
      ctx.db,
      run.id,
      people
        // linked members, and the others when they still lack the unverified role
        .filter((m) => linked.has(m.discordId) || unverifiedRoleChange(config, m, false).add)
        .map((m) => ({ discordId: m.discordId, roles: m.roles, nick: m.nick })),
      people.length,
      cursor,
      last,
    );
    return { ...run, listCursor: cursor, listed: last, members: run.members + people.length };
  }

  async function workSlice(runId: string): Promise<void> {
    let run = await claimRun(ctx.db, runId, worker, lease);
    if (!run) return; // over, cancelled, or another worker holds it
    const deadline = Date.now() + slice * 1000;
    const [live, config] = await Promise.all([
      ctx.integrations.discordBot.getGuild(run.guildId),
      getConfig(ctx.db, run.guildId),
    ]);
    if (!live || !config?.setupCompleted) {
      const ended = await endRun(
        ctx.db,
        runId,
        worker,
        'failed',
        live
          ? 'The bot setup of this server is no longer complete.'
          : 'The RoConnect bot is no longer in this server.',
      );
      announceRunEnd(ctx.db, ended);
      return;
    }
    const guild = { id: live.id, name: live.name, ownerDiscordId: live.owner_id };
    // the live roles, read once a slice and only when an unverified role is to be given
    let roles: Promise<DiscordRole[]> | undefined;
    const sliceRoles = () => (roles ??= ctx.integrations.discordBot.listRoles(guild.id));
    // who chose a kick or ban: their rights read once a slice, not once a member
    const removalRights = removalRightsCache(ctx);

    while (!stopping && Date.now() < deadline) {
      if (!run.listed) {
        try {
          run = await listNextPage(run, config);
        } catch (err) {
          // a refusal (the Server Members intent off, the server gone) is not fixed by trying
          // again: the run ends with Discord's reason, which the console shows as the job's error
          if (
            !(err instanceof IntegrationError) ||
            ['rate_limited', 'unavailable'].includes(err.kind)
          )
            throw err;
          log.warn({ runId, guildId: run.guildId, kind: err.kind }, 'member list refused');
          announceRunEnd(ctx.db, await endRun(ctx.db, runId, worker, 'failed', err.message));
          return;
        }
      } else {
        const batch = await takeItems(ctx.db, runId, BATCH);
        if (batch.length === 0) {
          const ended = await finishOrWait(ctx.db, runId, worker);
          announceRunEnd(ctx.db, ended);
          if (ended?.status === 'waiting_for_owner')
            log.warn(
              {
                runId,
                guildId: run.guildId,
                waiting: ended.removalsWaiting,
                removed: ended.removed,
              },
              'member update waits for the owner to allow more kicks or bans',
            );
          else log.info({ runId, guildId: run.guildId }, 'member update finished');
          return;
        }
        // the server's share, counted once the whole member list is read (a run from before
        // migration 0018 has no count of members: its linked members stand in, a smaller share)
        const removalLimit = unconfirmedRemovalLimit(
          Math.max(run.members, run.total),
          ctx.settings.maxUnconfirmedRemovalShare,
        );
        const outcomes = await Promise.all(
          batch.map(async ({ item, interrupted }) => {
            const outcome = await updateItem(
              run!,
              guild,
              config,
              item,
              interrupted,
              sliceRoles,
              removalRights,
              removalLimit,
            ).catch((err: unknown) => {
              log.error({ err, member: item.discordId }, 'member update crashed');
              return 'failed' as const;
            });
            if (outcome === 'retry') await requeueItem(ctx.db, runId, item.discordId);
            else if (outcome === 'held') await holdItem(ctx.db, runId, item.discordId);
            else await finishItem(ctx.db, runId, item.discordId, outcome !== 'failed');
            if (outcome !== 'retry') memberUpdateMembers.inc({ outcome });
            return outcome;
          }),
        );
        // Discord wanted a longer pause than the client waits in line: give it one
        if (outcomes.includes('retry')) await sleep(2000);
      }
      // cancelled, or another worker took over after we went quiet: stop here
      if (!(await heartbeat(ctx.db, runId, worker))) return;
    }
    if (stopping) await releaseRun(ctx.db, runId, worker);
    else await enqueue(runId);
  }

  await boss.createQueue(MEMBER_UPDATE_QUEUE);
  workerId = await boss.work<{ runId: string }>(
    MEMBER_UPDATE_QUEUE,
    { pollingIntervalSeconds: ctx.settings.memberUpdatePollSeconds },
    async (jobs) => {
      try {
        for (const job of jobs) await workSlice(job.data.runId);
      } finally {
        // another run may be waiting: look again now, not at the next backstop look
        wake();
      }
    },
  );
  // Every enqueue wakes every replica's worker, so the worker's own looks
  // (settings.memberUpdatePollSeconds, 30 s) are a backstop, for a retry pg-boss made available
  // again. Each look is a query: on PGlite 2–8 ms of WASM that the requests of that moment wait for.
  const stopWaking = wakeOnQueued(changes, MEMBER_UPDATE_QUEUE, worker, wake);

  // runs whose worker went quiet (a crash, a replica scaled away): queue them again. At start,
  // every waiting run too (its job may have died with the last process); after that only those
  // that waited a lease, so a backlog is not queued again at every sweep.
  const sweep = async (waitingToo = false) => {
    if (stopping) return;
    for (const runId of await orphanedRuns(ctx.db, lease, { waitingToo })) await enqueue(runId);
  };
  await sweep(true);
  const timer = setInterval(
    () => void sweep().catch((err: unknown) => log.warn({ err }, 'member update sweep failed')),
    Math.max(1000, (lease * 1000) / 2),
  );
  timer.unref();

  return {
    enqueue,
    stop() {
      stopping = true;
      clearInterval(timer);
      stopWaking();
    },
  };
}
