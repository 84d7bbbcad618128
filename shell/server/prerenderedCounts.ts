// The prerendered landing was built with the bot's counts at 0. The server already has the real
// ones (the /api/bot-stats answer it inlines for the shell), so the first paint shows them, and the
// shell's first render shows the same (mfe-public's useBotStats takes that inlined answer). A count
// of 1 takes its noun's singular, which the noun's element carries (mfe-public's Landing/CountOf).
const MARKED_COUNT = /(<span data-rc-bot-stat="(total_users|total_servers)">)0(<\/span>)/g;
const MARKED_NOUN =
  /(<span data-rc-bot-noun="(total_users|total_servers)" data-one="([a-z]+)">)[a-z]+(<\/span>)/g;

/** `fragment` with its marked counts taken from `answer` ({ success, data }), when it has them. */
export function withBotStats(fragment: string, answer: unknown): string {
  const envelope = answer as { success?: unknown; data?: unknown } | null | undefined;
  const data = envelope?.success === true ? envelope.data : null;
  if (!data || typeof data !== 'object') return fragment;
  const counts = data as Record<string, unknown>;
  const usable = (key: string) => {
    const count = counts[key];
    return typeof count === 'number' && Number.isSafeInteger(count) && count >= 0 ? count : null;
  };
  return fragment
    .replace(MARKED_COUNT, (marked, open: string, key: string, close: string) => {
      const count = usable(key);
      return count === null ? marked : `${open}${count}${close}`;
    })
    .replace(MARKED_NOUN, (marked, open: string, key: string, one: string, close: string) =>
      usable(key) === 1 ? `${open}${one}${close}` : marked,
    );
}
