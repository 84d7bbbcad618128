// The prerendered landing was built with the bot's counts at 0. The server already has the real
// ones (the /api/bot-stats answer it inlines for the shell), so the first paint shows them, and the
// shell's first render shows the same (mfe-public's useBotStats takes that inlined answer).
const MARKED_COUNT = /(<span data-rc-bot-stat="(total_users|total_servers)">)0(<\/span>)/g;

/** `fragment` with its marked counts taken from `answer` ({ success, data }), when it has them. */
export function withBotStats(fragment: string, answer: unknown): string {
  const envelope = answer as { success?: unknown; data?: unknown } | null | undefined;
  const data = envelope?.success === true ? envelope.data : null;
  if (!data || typeof data !== 'object') return fragment;
  const counts = data as Record<string, unknown>;
  return fragment.replace(MARKED_COUNT, (marked, open: string, key: string, close: string) => {
    const count = counts[key];
    return typeof count === 'number' && Number.isSafeInteger(count) && count >= 0
      ? `${open}${count}${close}`
      : marked;
  });
}
