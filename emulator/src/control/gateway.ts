import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context';
import {
  checkGatewaySettings,
  checkSessionStartRemaining,
  type GatewaySettings,
} from '../runtime/gatewayHub';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** 1006: cut the TCP connection with no close frame; 4000–4999 except the codes that forbid resuming */
function checkCloseCode(code: unknown): number | string {
  if (code === undefined) return 4000;
  if (code === 1006) return code;
  if (
    typeof code === 'number' &&
    Number.isInteger(code) &&
    code >= 4000 &&
    code <= 4999 &&
    ![4004, 4010, 4011, 4012, 4013, 4014].includes(code)
  )
    return code;
  return 'code must be 1006 (no close frame) or a close code from 4000 to 4999 that lets the client resume (not 4004, 4010–4014)';
}

/**
 * /__emulator/gateway: the gateway's settings and sessions (GET), new settings (PUT
 * `{shards?, heartbeat_interval?, session_ttl_ms?, replay_limit?, session_start_remaining?}`: the
 * last so a test reaches the session start limit without 1000 identifies) and dropped connections
 * (POST /__emulator/gateway/disconnect `{shard_id?, code?}`) so tests can prove RESUME.
 */
export function registerGatewayControl(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get('/__emulator/gateway', async () => ctx.gateway.snapshot());

  app.put('/__emulator/gateway', async (request, reply) => {
    const body = request.body;
    if (!isObj(body))
      return reply.code(400).send({
        error: 'invalid_gateway',
        message:
          'send a JSON object {shards?, heartbeat_interval?, session_ttl_ms?, replay_limit?, session_start_remaining?}',
      });
    const {
      shards,
      heartbeat_interval,
      session_ttl_ms,
      replay_limit,
      session_start_remaining: remaining,
      ...rest
    } = body;
    const extra = Object.keys(rest)[0];
    if (extra !== undefined)
      return reply
        .code(400)
        .send({ error: 'invalid_gateway', message: `body.${extra} is not allowed` });
    const change = {
      shards,
      heartbeatIntervalMs: heartbeat_interval,
      sessionTtlMs: session_ttl_ms,
      replayLimit: replay_limit,
    } as Partial<GatewaySettings>;
    const problem = checkGatewaySettings(change);
    if (problem) return reply.code(400).send({ error: 'invalid_gateway', message: problem });
    const remainingProblem =
      remaining === undefined ? undefined : checkSessionStartRemaining(remaining);
    if (remainingProblem)
      return reply.code(400).send({ error: 'invalid_gateway', message: remainingProblem });
    if (remaining !== undefined) ctx.gateway.setSessionStartRemaining(remaining as number);
    for (const [key, value] of Object.entries(change))
      if (value !== undefined) (ctx.gateway.settings as unknown as Obj)[key] = value;
    return ctx.gateway.snapshot();
  });

  app.post('/__emulator/gateway/disconnect', async (request, reply) => {
    const body = request.body ?? {};
    if (!isObj(body))
      return reply
        .code(400)
        .send({ error: 'invalid_disconnect', message: 'send a JSON object {shard_id?, code?}' });
    const { shard_id: shardId, code: rawCode } = body;
    if (
      shardId !== undefined &&
      (typeof shardId !== 'number' || !Number.isInteger(shardId) || shardId < 0)
    )
      return reply
        .code(400)
        .send({ error: 'invalid_disconnect', message: 'shard_id must be a whole number from 0' });
    const code = checkCloseCode(rawCode);
    if (typeof code === 'string')
      return reply.code(400).send({ error: 'invalid_disconnect', message: code });
    const disconnected = ctx.gateway.disconnect(shardId as number | undefined, code);
    return { disconnected, code };
  });
}
