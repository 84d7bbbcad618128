import type { RawData, WebSocket } from 'ws';
import type { EmulatorContext } from '../context';
import { memberJson } from '../views';
import type { GuildRecord } from '../store/discordState';
import { guildCreateData, readyData } from './events';
import type { GatewayHub } from '../runtime/gatewayHub';
import {
  ALL_INTENTS,
  Close,
  CLIENT_OPS,
  CLOSE_REASONS,
  GATEWAY_VERSION,
  Intent,
  MAX_GUILDS_PER_SHARD,
  MAX_PAYLOAD_BYTES,
  Op,
  payload,
  SEND_LIMIT,
  shardOf,
} from '../runtime/gatewayProtocol';
import type { GatewaySession } from '../runtime/gatewaySession';

/** Close codes after which Discord will not resume the session (Discord docs: Gateway Close Event Codes). */
const ENDS_SESSION = new Set<number>([
  Close.AuthenticationFailed,
  Close.InvalidSeq,
  Close.SessionTimedOut,
  Close.InvalidShard,
  Close.ShardingRequired,
  Close.InvalidApiVersion,
  Close.InvalidIntents,
  Close.DisallowedIntents,
]);

const MEMBERS_PER_CHUNK = 1000;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface ConnectionInfo {
  /** the query of the upgrade request (?v=10&encoding=json) */
  query: URLSearchParams;
  /** ws://host/gateway/resume for READY's resume_gateway_url */
  resumeUrl: string;
}

/** One gateway connection: HELLO, then IDENTIFY or RESUME, heartbeats, and the client's requests. */
export function handleConnection(
  ctx: EmulatorContext,
  hub: GatewayHub,
  socket: WebSocket,
  info: ConnectionInfo,
): void {
  let session: GatewaySession | undefined;
  let received = { windowStart: Date.now(), count: 0 };

  const close = (code: number) => {
    if (session && session.socket === socket) {
      if (ENDS_SESSION.has(code)) hub.endSession(session);
      else hub.detach(session, socket);
    }
    socket.close(code, CLOSE_REASONS[code] ?? '');
  };

  // Only JSON without transport compression is spoken here (Discord docs: Gateway, Connecting).
  if (info.query.get('v') !== GATEWAY_VERSION) return close(Close.InvalidApiVersion);
  const encoding = info.query.get('encoding') ?? 'json';
  if (encoding !== 'json' || info.query.has('compress')) return close(Close.DecodeError);

  socket.send(payload(Op.Hello, { heartbeat_interval: hub.settings.heartbeatIntervalMs }));

  socket.on('close', (code) => {
    if (!session || session.socket !== socket) return;
    // a client closing with 1000 or 1001 ends its session; any other close can be resumed
    if (code === 1000 || code === 1001) hub.endSession(session);
    else hub.detach(session, socket);
  });
  socket.on('error', () => {
    /* the close event follows; nothing to crash on */
  });

  const guildsOf = (shard: [number, number]): GuildRecord[] =>
    [...ctx.store.discord.guilds.values()].filter(
      (g) => g.bot_present && shardOf(g.id, shard[1]) === shard[0],
    );

  const identify = (d: Obj) => {
    if (d.token !== ctx.config.discordBotToken || hub.botTokenReset)
      return close(Close.AuthenticationFailed);
    // Discord counts every IDENTIFY, refused ones too; past the limit it ends every session and
    // resets the bot token (emulator/README.md › Gateway)
    if (!hub.takeSessionStart()) {
      hub.resetBotToken(Close.AuthenticationFailed);
      return close(Close.AuthenticationFailed);
    }
    const intents = d.intents;
    if (
      typeof intents !== 'number' ||
      !Number.isInteger(intents) ||
      intents < 0 ||
      (intents & ~ALL_INTENTS) !== 0
    )
      return close(Close.InvalidIntents);
    // a privileged intent the application has not turned on (emulator/README.md › Application)
    if ((intents & Intent.GuildMembers) !== 0 && !ctx.store.application.guild_members_intent)
      return close(Close.DisallowedIntents);
    const rawShard = d.shard ?? [0, 1];
    if (
      !Array.isArray(rawShard) ||
      rawShard.length !== 2 ||
      !rawShard.every((n) => typeof n === 'number' && Number.isInteger(n)) ||
      rawShard[1] < 1 ||
      rawShard[0] < 0 ||
      rawShard[0] >= rawShard[1]
    )
      return close(Close.InvalidShard);
    const shard: [number, number] = [rawShard[0], rawShard[1]];
    const guilds = guildsOf(shard);
    if (guilds.length > MAX_GUILDS_PER_SHARD) return close(Close.ShardingRequired);
    session = hub.startSession(shard, intents);
    session.attach(socket);
    session.dispatch('READY', readyData(ctx, session.id, info.resumeUrl, shard, guilds), false);
    for (const guild of guilds) session.dispatch('GUILD_CREATE', guildCreateData(ctx, guild));
  };

  const resume = (d: Obj) => {
    if (d.token !== ctx.config.discordBotToken || hub.botTokenReset)
      return close(Close.AuthenticationFailed);
    const known = typeof d.session_id === 'string' ? hub.sessions.get(d.session_id) : undefined;
    const seq = d.seq;
    if (!known || typeof seq !== 'number' || !Number.isInteger(seq) || !known.canResumeFrom(seq)) {
      // d: false — the session cannot be resumed; the client identifies again
      socket.send(payload(Op.InvalidSession, false));
      return;
    }
    const previous = known.socket;
    known.attach(socket);
    previous?.terminate();
    session = known;
    for (const text of known.since(seq)) socket.send(text);
    known.dispatch('RESUMED', null, false);
  };

  const requestMembers = (d: Obj) => {
    if (!session || typeof d.guild_id !== 'string') return close(Close.DecodeError);
    const guild = ctx.store.discord.guilds.get(d.guild_id);
    const [id, count] = session.shard;
    if (!guild || !guild.bot_present || shardOf(guild.id, count) !== id) return;
    const nonce = typeof d.nonce === 'string' && d.nonce.length <= 32 ? d.nonce : undefined;
    const allowed = (session.intents & Intent.GuildMembers) !== 0;
    let members = [...guild.members.values()];
    let notFound: string[] | undefined;
    if (Array.isArray(d.user_ids) || typeof d.user_ids === 'string') {
      const ids = (Array.isArray(d.user_ids) ? d.user_ids : [d.user_ids]).slice(0, 100).map(String);
      members = allowed ? ids.flatMap((u) => guild.members.get(u) ?? []) : [];
      notFound = ids.filter((u) => !members.some((m) => m.user_id === u));
    } else {
      const query = typeof d.query === 'string' ? d.query.toLowerCase() : '';
      const limit = typeof d.limit === 'number' && d.limit > 0 ? d.limit : 0;
      if (query === '' && limit === 0 && !allowed) members = [];
      if (query)
        members = members.filter((m) => {
          const name = ctx.store.discord.users.get(m.user_id)?.username ?? '';
          return name.toLowerCase().startsWith(query) || m.nick?.toLowerCase().startsWith(query);
        });
      if (limit > 0 || query) members = members.slice(0, Math.min(limit || 100, 100));
    }
    const chunkCount = Math.max(1, Math.ceil(members.length / MEMBERS_PER_CHUNK));
    for (let i = 0; i < chunkCount; i++) {
      const chunk = members.slice(i * MEMBERS_PER_CHUNK, (i + 1) * MEMBERS_PER_CHUNK);
      session.dispatch('GUILD_MEMBERS_CHUNK', {
        guild_id: guild.id,
        members: chunk.map((m) => memberJson(ctx, m)),
        chunk_index: i,
        chunk_count: chunkCount,
        ...(notFound?.length && i === 0 ? { not_found: notFound } : {}),
        ...(nonce ? { nonce } : {}),
      });
    }
  };

  socket.on('message', (data: RawData, isBinary: boolean) => {
    const now = Date.now();
    if (now - received.windowStart >= SEND_LIMIT.windowMs)
      received = { windowStart: now, count: 0 };
    if (++received.count > SEND_LIMIT.events) return close(Close.RateLimited);
    if (isBinary) return close(Close.DecodeError);
    const text = data.toString();
    if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES) return close(Close.DecodeError);
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return close(Close.DecodeError);
    }
    if (!isObj(message) || typeof message.op !== 'number') return close(Close.DecodeError);
    const { op, d } = message;
    if (!CLIENT_OPS.has(op)) return close(Close.UnknownOpcode);
    if (op === Op.Heartbeat) return socket.send(payload(Op.HeartbeatAck, null));
    if (op === Op.Identify || op === Op.Resume) {
      if (session) return close(Close.AlreadyAuthenticated);
      if (!isObj(d)) return close(Close.DecodeError);
      return op === Op.Identify ? identify(d) : resume(d);
    }
    if (!session) return close(Close.NotAuthenticated);
    if (op === Op.RequestGuildMembers)
      return isObj(d) ? requestMembers(d) : close(Close.DecodeError);
    // presence, voice state and soundboard requests are accepted and have no effect here
  });
}
