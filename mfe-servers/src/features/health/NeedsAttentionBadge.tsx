import { Badge, type HealthProblem } from '@roconnect/shared-lib';

/** Shown on a server card when the bot's health check found something to fix. */
export function NeedsAttentionBadge({ problems }: { problems: HealthProblem[] }) {
  const summary = problems.map((p) => p.message).join(' ');
  return (
    <Badge tone="warning" role="note" aria-label={`Needs attention: ${summary}`} title={summary}>
      Needs attention
    </Badge>
  );
}
