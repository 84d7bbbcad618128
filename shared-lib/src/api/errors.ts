import type { AxiosError } from 'axios';

/** axios's own test (`isAxiosError`), without loading axios for it (see httpClientLoader). */
function isAxiosError(error: unknown): error is AxiosError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { isAxiosError?: unknown }).isAxiosError === true
  );
}

/** The text to show for a failed call: the API's `message` when it sent one, else the error's own. */
export function apiErrorMessage(error: unknown, fallback = 'Something went wrong.'): string {
  if (isAxiosError(error)) {
    const body = error.response?.data as { message?: unknown } | undefined;
    if (body && typeof body.message === 'string' && body.message) return body.message;
    if (error.message) return error.message;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export function apiErrorStatus(error: unknown): number | undefined {
  return isAxiosError(error) ? error.response?.status : undefined;
}
