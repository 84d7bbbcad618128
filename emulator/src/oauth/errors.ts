import type { FastifyReply } from 'fastify';

/** OAuth2's error body (RFC 6749 §5.2), as Discord's and Roblox's token endpoints answer it. */
export function oauthError(
  reply: FastifyReply,
  status: number,
  error: string,
  description?: string,
) {
  return reply
    .code(status)
    .send(description ? { error, error_description: description } : { error });
}

export const FORM_REQUIRED = 'The body must be application/x-www-form-urlencoded.';
