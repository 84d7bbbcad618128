import type { FastifyReply } from 'fastify';

/** Discord's JSON error body: `{message, code}` with the matching HTTP status. */
export function discordError(
  reply: FastifyReply,
  status: number,
  code: number,
  message: string,
  errors?: unknown,
) {
  return reply
    .code(status)
    .send(errors === undefined ? { message, code } : { message, code, errors });
}

export const DiscordErrors = {
  unauthorized: (reply: FastifyReply) => discordError(reply, 401, 0, '401: Unauthorized'),
  unknownGuild: (reply: FastifyReply) => discordError(reply, 404, 10004, 'Unknown Guild'),
  missingAccess: (reply: FastifyReply) => discordError(reply, 403, 50001, 'Missing Access'),
  unknownMember: (reply: FastifyReply) => discordError(reply, 404, 10007, 'Unknown Member'),
  unknownRole: (reply: FastifyReply) => discordError(reply, 404, 10011, 'Unknown Role'),
  unknownUser: (reply: FastifyReply) => discordError(reply, 404, 10013, 'Unknown User'),
  unknownBan: (reply: FastifyReply) => discordError(reply, 404, 10026, 'Unknown Ban'),
  unknownChannel: (reply: FastifyReply) => discordError(reply, 404, 10003, 'Unknown Channel'),
  unknownMessage: (reply: FastifyReply) => discordError(reply, 404, 10008, 'Unknown Message'),
  missingPermissions: (reply: FastifyReply) =>
    discordError(reply, 403, 50013, 'Missing Permissions'),
  cannotDm: (reply: FastifyReply) =>
    discordError(reply, 403, 50007, 'Cannot send messages to this user'),
  /** 50035 with Discord's nested `errors` object for one field */
  invalidForm: (reply: FastifyReply, field: string, code: string, message: string) =>
    discordError(reply, 400, 50035, 'Invalid Form Body', {
      [field]: { _errors: [{ code, message }] },
    }),
};

/** One bad field of a form body, by its path (e.g. ["embeds", "0", "title"]). */
export interface FormProblem {
  path: string[];
  code: string;
  message: string;
}

/** 50035 with Discord's nested `errors`, e.g. `{"embeds": {"0": {"title": {"_errors": [...]}}}}` */
export function invalidFormAt(reply: FastifyReply, problem: FormProblem) {
  let errors: Record<string, unknown> = {
    _errors: [{ code: problem.code, message: problem.message }],
  };
  for (const part of [...problem.path].reverse()) errors = { [part]: errors };
  return discordError(reply, 400, 50035, 'Invalid Form Body', errors);
}

export const isFormProblem = (v: object): v is FormProblem => 'code' in v && 'path' in v;
