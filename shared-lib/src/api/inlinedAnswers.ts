import { INLINED_PAGE } from '../contract/inlinedPage';

/**
 * Answers of public GET calls the shell's server inlined into the page (shell/server/
 * publicApiResponses.ts), keyed by path. Each is used once, by the page's first call to that path:
 * a later call (the page shown again) asks the API, so nothing goes stale.
 */
export const INLINED_ANSWERS_ID = INLINED_PAGE.apiAnswersElementId;

let answers: Record<string, unknown> | null = null;

function readAnswers(): Record<string, unknown> {
  if (answers) return answers;
  answers = {};
  const text =
    typeof document === 'undefined'
      ? null
      : document.getElementById(INLINED_ANSWERS_ID)?.textContent;
  if (!text) return answers;
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value))
      answers = value as Record<string, unknown>;
  } catch {
    // a page with a broken element calls the API as if it had none
  }
  return answers;
}

/** The inlined `{ success, data }` answer for `path`, taken (so used once), or undefined. */
export function takeInlinedAnswer<T>(path: string): { data: T } | undefined {
  const all = readAnswers();
  const answer = all[path] as { success?: unknown; data?: T } | undefined;
  delete all[path];
  return answer?.success === true && 'data' in answer ? { data: answer.data as T } : undefined;
}
