// The prerendered landing was built with the bot's counts at 0. The server already has the real
// ones (the /api/bot-stats answer it inlines for the shell), so the first paint shows them, and the
// shell's first render shows the same (mfe-public's useBotStats takes that inlined answer).
const MARKED_COUNT = /(<span data-rc-bot-stat="(total_users|total_servers)">)0(<\/span>)/g;

/** `fragment` with its marked counts taken from `answer` ({ success, data }), when it has them. */
export function withBotStats(fragment, answer) {
  const data = answer && answer.success === true ? answer.data : null;
  if (!data || typeof data !== 'object') return fragment;
  return fragment.replace(MARKED_COUNT, (marked, open, key, close) => {
    const count = data[key];
    return Number.isSafeInteger(count) && count >= 0 ? `${open}${count}${close}` : marked;
  });
}
