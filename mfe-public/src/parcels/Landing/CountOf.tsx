/**
 * "1 user", "2 users": a count and its noun, each in an element the shell's server finds in the
 * prerendered landing (shell/server/prerenderedCounts.ts), which was built with every count at 0.
 * The noun carries its singular (`data-one`) so the server writes "1 user" without knowing English.
 */
export function CountOf({
  stat,
  count,
  one,
  other,
}: {
  stat: string;
  count: number;
  one: string;
  other: string;
}) {
  return (
    <>
      <span data-rc-bot-stat={stat}>{count}</span>{' '}
      <span data-rc-bot-noun={stat} data-one={one}>
        {count === 1 ? one : other}
      </span>
    </>
  );
}
