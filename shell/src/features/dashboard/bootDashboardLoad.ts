let startedAtBoot = false;

/** startDashboardLoadEarly started the dashboard's load as the page booted. */
export function markDashboardLoadStartedAtBoot(): void {
  startedAtBoot = true;
}

export function dashboardLoadStartedAtBoot(): boolean {
  return startedAtBoot;
}

/**
 * True once after the boot started the load: the dashboard's first mount shows that load as it
 * stands; later mounts (Try Again, a return to the page) read again.
 */
export function takeBootDashboardLoad(): boolean {
  const started = startedAtBoot;
  startedAtBoot = false;
  return started;
}
