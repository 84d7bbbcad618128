import { isAxiosError } from 'axios';

/**
 * What the (mock) API answered a call that must be refused: its status, error code and message
 * (those the answer has). A call that succeeds, or fails without an answer, fails the test.
 */
export async function refusal(
  call: Promise<unknown>,
): Promise<{ status?: number; error?: unknown; message?: unknown }> {
  try {
    await call;
  } catch (error) {
    if (isAxiosError(error))
      return {
        status: error.response?.status,
        error: error.response?.data?.error,
        message: error.response?.data?.message,
      };
  }
  throw new Error('expected a refusal');
}
