import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import { shardOf } from './gatewayProtocol';
import { GatewaySession } from './gatewaySession';

/** The gateway's settings; `shards` and `heartbeatIntervalMs` can change at run time (PUT /__emulator/gateway). */
export interface GatewaySettings {
  shards: number;
  heartbeatIntervalMs: number;
  sessionTtlMs: number;
  replayLimit: number;
}

/** Discord's session start limit: 1000 identifies a day (reported by GET /gateway/bot). */
export const SESSION_START_TOTAL = 1000;
const SESSION_START_RESET_MS = 24 * 60 * 60 * 1000;

/** Checks gateway settings from options or PUT /__emulator/gateway; returns an error text. */
export function checkGatewaySettings(s: Partial<GatewaySettings>): string | undefined {
  const whole = (v: unknown, min: number, max: number) =>
    v === undefined || (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max);
  if (!whole(s.shards, 1, 1024)) return 'shards must be a whole number from 1 to 1024';
  if (!whole(s.heartbeatIntervalMs, 10, 600_000))
    return 'heartbeat_interval must be a whole number of milliseconds from 10 to 600000';
  if (!whole(s.sessionTtlMs, 100, 86_400_000))
    return 'session_ttl_ms must be a whole number of milliseconds from 100 to 86400000';
  if (!whole(s.replayLimit, 1, 1_000_000))
    return 'replay_limit must be a whole number from 1 to 1000000';
  return undefined;
}

/** Checks PUT /__emulator/gateway `session_start_remaining`; returns an error text. */
export function checkSessionStartRemaining(v: unknown): string | undefined {
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= SESSION_START_TOTAL)
    return undefined;
  return `session_start_remaining must be a whole number from 0 to ${SESSION_START_TOTAL}`;
}

/**
 * Every gateway session, live or waiting to be resumed, and the fan-out of events to them: an
 * event about a guild goes to each session whose shard holds the guild and whose intents ask for it.
 */
export class GatewayHub {
  readonly sessions = new Map<string, GatewaySession>();
  settings: GatewaySettings;
  private sessionStarts = { used: 0, resetAt: Date.now() + SESSION_START_RESET_MS };
  /**
   * Discord reset the bot token after an IDENTIFY past the session start limit: the configured
   * token is refused everywhere (REST 401, IDENTIFY/RESUME 4004) until POST /__emulator/reset.
   */
  botTokenReset = false;

  constructor(private readonly initial: GatewaySettings) {
    const problem = checkGatewaySettings(initial);
    if (problem) throw new Error(`gateway settings: ${problem}`);
    this.settings = { ...initial };
  }

  /** back to the settings the emulator started with (POST /__emulator/reset); sessions stay */
  resetSettings(): void {
    this.settings = { ...this.initial };
    this.sessionStarts = { used: 0, resetAt: Date.now() + SESSION_START_RESET_MS };
    this.botTokenReset = false;
  }

  /** PUT /__emulator/gateway `session_start_remaining`: so a test reaches the limit without 1000 identifies */
  setSessionStartRemaining(remaining: number): void {
    this.sessionStartLimit();
    this.sessionStarts.used = SESSION_START_TOTAL - remaining;
  }

  /** Counts one IDENTIFY against the session start limit; false when none is left. */
  takeSessionStart(): boolean {
    if (this.sessionStartLimit().remaining < 1) return false;
    this.sessionStarts.used += 1;
    return true;
  }

  /**
   * What Discord does past the session start limit: every active session is terminated (closed
   * with `code`, not resumable) and the bot token stops working.
   */
  resetBotToken(code: number): void {
    this.botTokenReset = true;
    for (const session of [...this.sessions.values()]) {
      const socket = session.socket;
      this.endSession(session);
      socket?.close(code, 'The bot token was reset.');
    }
  }

  sessionStartLimit() {
    const now = Date.now();
    if (now >= this.sessionStarts.resetAt)
      this.sessionStarts = { used: 0, resetAt: now + SESSION_START_RESET_MS };
    return {
      total: SESSION_START_TOTAL,
      remaining: Math.max(0, SESSION_START_TOTAL - this.sessionStarts.used),
      reset_after: this.sessionStarts.resetAt - now,
      max_concurrency: 1,
    };
  }

  /** A new session; its IDENTIFY was counted with takeSessionStart. */
  startSession(shard: [number, number], intents: number): GatewaySession {
    const session = new GatewaySession(
      randomBytes(16).toString('hex'),
      shard,
      intents,
      this.settings.replayLimit,
    );
    this.sessions.set(session.id, session);
    return session;
  }

  endSession(session: GatewaySession): void {
    session.socket = undefined;
    session.dispose();
    this.sessions.delete(session.id);
  }

  /** The socket of `session` dropped: it stays resumable for the session TTL. */
  detach(session: GatewaySession, socket: WebSocket): void {
    if (session.socket !== socket) return; // already taken over by a RESUME on another socket
    session.detach(this.settings.sessionTtlMs, () => this.endSession(session));
  }

  /** Sends `t` to the sessions holding `guildId` that identified with `intent`. */
  dispatchToGuild(guildId: string, intent: number, t: string, d: unknown): number {
    let reached = 0;
    for (const session of this.sessions.values()) {
      const [id, count] = session.shard;
      if ((session.intents & intent) === 0 || shardOf(guildId, count) !== id) continue;
      session.dispatch(t, d);
      reached += 1;
    }
    return reached;
  }

  /**
   * Drops live sockets without ending their sessions (a network cut, or Discord restarting a
   * gateway node), so clients RESUME. `code` 1006 cuts the TCP connection with no close frame.
   */
  disconnect(shardId: number | undefined, code: number): number {
    let dropped = 0;
    for (const session of this.sessions.values()) {
      const socket = session.socket;
      if (!socket || (shardId !== undefined && session.shard[0] !== shardId)) continue;
      this.detach(session, socket);
      if (code === 1006) socket.terminate();
      else socket.close(code, 'Disconnected by the emulator.');
      dropped += 1;
    }
    return dropped;
  }

  /** Closes every socket and forgets every session (the emulator is shutting down). */
  closeAll(): void {
    for (const session of this.sessions.values()) {
      session.socket?.terminate();
      session.dispose();
    }
    this.sessions.clear();
  }

  snapshot() {
    return {
      settings: {
        shards: this.settings.shards,
        heartbeat_interval: this.settings.heartbeatIntervalMs,
        session_ttl_ms: this.settings.sessionTtlMs,
        replay_limit: this.settings.replayLimit,
      },
      session_start_limit: this.sessionStartLimit(),
      bot_token_reset: this.botTokenReset,
      sessions: [...this.sessions.values()].map((s) => ({
        session_id: s.id,
        shard: [...s.shard],
        intents: s.intents,
        connected: s.socket !== undefined,
        seq: s.seq,
        buffered: s.buffered,
        disconnected_at: s.disconnectedAt ? new Date(s.disconnectedAt).toISOString() : null,
      })),
    };
  }
}
