/**
 * The changes waiting to be announced, per tenant: the doctors they name, or null when one of them
 * named none (that notice drops all of the tenant's answers, so it covers the doctors' too).
 */
export class PendingNotices {
  private readonly byTenant = new Map<string, Set<number> | null>();

  get size(): number {
    return this.byTenant.size;
  }

  add(tenant: string, doctorIds?: readonly number[]): void {
    const known = this.byTenant.get(tenant);
    if (known === null) return;
    if (!doctorIds) {
      this.byTenant.set(tenant, null);
      return;
    }
    const doctors = known ?? new Set<number>();
    for (const id of doctorIds) doctors.add(id);
    this.byTenant.set(tenant, doctors);
  }

  /** Empties the batch: each tenant with its doctors (undefined: the whole tenant). */
  take(): { tenant: string; doctorIds?: number[] }[] {
    const batch = [...this.byTenant].map(([tenant, doctors]) =>
      doctors ? { tenant, doctorIds: [...doctors] } : { tenant },
    );
    this.byTenant.clear();
    return batch;
  }
}

/**
 * Sends announcements one batch at a time: a change made while a batch is on its way waits and
 * goes with the changes made meanwhile, merged (PendingNotices). Each NOTIFY is a commit, and
 * PostgreSQL lets one committing NOTIFY through at a time (a database-wide lock held until the
 * commit ends): one notice per booking would queue every booking's announcement behind the others'.
 * Alone, a change goes out at once; under load, one statement carries many.
 * @param send sends one batch; it reports its own failures (a rejection only ends that batch)
 * @returns announce(tenant, doctorIds): settles once a batch holding that change was sent (or failed)
 */
export function batchedAnnouncer(
  send: (notices: { tenant: string; doctorIds?: number[] }[]) => Promise<void>,
): (tenant: string, doctorIds?: readonly number[]) => Promise<void> {
  const pending = new PendingNotices();
  let waiting: (() => void)[] = [];
  let sending: Promise<void> | null = null;

  const sendPending = async () => {
    while (pending.size > 0) {
      const notices = pending.take();
      const settled = waiting;
      waiting = [];
      // `send` reports its own failures; the batches after a failed one still go.
      await send(notices).catch(() => undefined);
      for (const done of settled) done();
    }
    sending = null;
  };

  return (tenant, doctorIds) => {
    pending.add(tenant, doctorIds);
    const done = new Promise<void>((resolve) => waiting.push(resolve));
    sending ??= sendPending();
    return done;
  };
}
