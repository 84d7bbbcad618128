import type { FastifyReply } from 'fastify';

/** Roblox web APIs answer errors as `{errors:[{code, message, userFacingMessage}]}` */
export function robloxError(reply: FastifyReply, status: number, code: number, message: string) {
  return reply
    .code(status)
    .send({ errors: [{ code, message, userFacingMessage: 'Something went wrong' }] });
}

export function headshotUrl(publicUrl: string, userId: number): string {
  return `${publicUrl}/__emulator/headshots/${userId}.svg`;
}
