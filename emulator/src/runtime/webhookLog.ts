/** What the API did with an interaction's webhook after its first answer. */
export interface WebhookActivity {
  /** PATCH …/messages/@original bodies, in order */
  edits: unknown[];
  /** POST /webhooks/{app}/{token} bodies, in order */
  followups: unknown[];
}

interface Entry extends WebhookActivity {
  waiters: (() => void)[];
}

/** Interaction tokens the emulator issued, and the edits and follow-ups sent through them. */
export class WebhookLog {
  private readonly byToken = new Map<string, Entry>();

  issue(token: string): void {
    this.byToken.set(token, { edits: [], followups: [], waiters: [] });
    // Discord's tokens last 15 minutes; keep the map small on long runs
    if (this.byToken.size > 1000) this.byToken.delete(this.byToken.keys().next().value!);
  }

  known(token: string): boolean {
    return this.byToken.has(token);
  }

  record(token: string, kind: 'edit' | 'followup', body: unknown): boolean {
    const entry = this.byToken.get(token);
    if (!entry) return false;
    (kind === 'edit' ? entry.edits : entry.followups).push(body);
    for (const wake of entry.waiters.splice(0)) wake();
    return true;
  }

  activity(token: string): WebhookActivity {
    const entry = this.byToken.get(token);
    return { edits: [...(entry?.edits ?? [])], followups: [...(entry?.followups ?? [])] };
  }

  /** Resolves at the first edit or follow-up through `token`, or after `timeoutMs`. */
  async waitForActivity(token: string, timeoutMs: number): Promise<void> {
    const entry = this.byToken.get(token);
    if (!entry || entry.edits.length + entry.followups.length > 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      entry.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  clear(): void {
    this.byToken.clear();
  }
}
