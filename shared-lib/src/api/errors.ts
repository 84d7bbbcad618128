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

/**
 * A call made for a file (`responseType: 'blob'`) gets the API's JSON refusal as a Blob too: read
 * it into the error, so `apiErrorMessage` can show the API's message.
 */
export async function readBlobRefusal(error: unknown): Promise<void> {
  const response = isAxiosError(error) ? error.response : undefined;
  if (!response || typeof Blob === 'undefined' || !(response.data instanceof Blob)) return;
  try {
    response.data = JSON.parse(await response.data.text());
  } catch {
    // not JSON: the status alone says what happened
  }
}
