/** One reading of a run's progress: when, and how many members were handled by then. */
export interface ProgressSample {
  at: number;
  handled: number;
}

/**
 * Seconds left at the pace seen since the first reading, or null until the run has moved (a pace
 * from nothing would be a guess).
 */
export function secondsLeft(first: ProgressSample, latest: ProgressSample, total: number) {
  const elapsed = (latest.at - first.at) / 1000;
  const moved = latest.handled - first.handled;
  if (elapsed <= 0 || moved <= 0) return null;
  return Math.ceil(Math.max(0, total - latest.handled) / (moved / elapsed));
}

export function timeLeftText(seconds: number | null): string {
  if (seconds === null) return 'Estimating time left...';
  if (seconds < 60) return `About ${Math.max(1, seconds)} second${seconds === 1 ? '' : 's'} left`;
  const minutes = Math.ceil(seconds / 60);
  return `About ${minutes} minute${minutes === 1 ? '' : 's'} left`;
}
