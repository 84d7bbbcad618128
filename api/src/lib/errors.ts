/** An error with a documented HTTP answer: `{success:false, error: code, message}`. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string, code = 'bad_request') =>
  new ApiError(400, code, message);
export const unauthorized = (message = 'Sign in to continue.', code = 'unauthorized') =>
  new ApiError(401, code, message);
export const forbidden = (message: string, code = 'forbidden') => new ApiError(403, code, message);
export const notFound = (message: string, code = 'not_found') => new ApiError(404, code, message);
export const conflict = (message: string, code = 'conflict') => new ApiError(409, code, message);
export const badGateway = (message: string, code = 'upstream_error') =>
  new ApiError(502, code, message);
/** The person's Discord authorisation is gone: the web app sends them back to login. */
export const discordTokenExpired = () =>
  new ApiError(
    401,
    'discord_token_expired',
    'Your Discord authorisation has expired. Please sign in again.',
    {
      'x-token-expired': 'true',
    },
  );
