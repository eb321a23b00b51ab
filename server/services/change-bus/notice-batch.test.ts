import { describe, expect, it } from 'vitest';
import { batchedAnnouncer, PendingNotices } from './notice-batch';

type Batch = { tenant: string; doctorIds?: number[] }[];

/** A send whose batches are recorded and finish when the test says. */
function controlledSend() {
  const batches: Batch[] = [];
  const finish: ((ok: boolean) => void)[] = [];
  const send = (notices: Batch) => {
    batches.push(notices);
    return new Promise<void>((resolve, reject) =>
      finish.push((ok) => (ok ? resolve() : reject(new Error('refused')))),
    );
  };
  return { batches, send, finishNext: (ok = true) => finish.shift()!(ok) };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('pending notices', () => {
  it('merge the doctors of a tenant, and a change naming none covers them all', () => {
    const pending = new PendingNotices();
    pending.add('songkhoe', [1, 2]);
    pending.add('songkhoe', [2, 3]);
    pending.add('songhong', [9]);
    expect(pending.take()).toEqual([
      { tenant: 'songkhoe', doctorIds: [1, 2, 3] },
      { tenant: 'songhong', doctorIds: [9] },
    ]);
    expect(pending.size).toBe(0);
    pending.add('songkhoe', [4]);
    pending.add('songkhoe');
    pending.add('songkhoe', [5]);
    expect(pending.take()).toEqual([{ tenant: 'songkhoe' }]);
  });
});

describe('batched announcer', () => {
  it('sends a change alone at once, and the changes made meanwhile together next', async () => {
    const { batches, send, finishNext } = controlledSend();
    const announce = batchedAnnouncer(send);
    let firstSettled = false;
    void announce('songkhoe', [1]).then(() => (firstSettled = true));
    expect(batches).toEqual([[{ tenant: 'songkhoe', doctorIds: [1] }]]);
    const later = [announce('songkhoe', [2]), announce('songkhoe', [3]), announce('songhong')];
    let laterSettled = 0;
    for (const p of later) void p.then(() => laterSettled++);
    await tick();
    expect(batches).toHaveLength(1); // nothing more while the first is on its way
    finishNext();
    await tick();
    expect(firstSettled).toBe(true);
    expect(laterSettled).toBe(0);
    expect(batches[1]).toEqual([{ tenant: 'songkhoe', doctorIds: [2, 3] }, { tenant: 'songhong' }]);
    finishNext();
    await Promise.all(later);
    // Idle again: the next change goes at once.
    void announce('songhong', [7]);
    expect(batches[2]).toEqual([{ tenant: 'songhong', doctorIds: [7] }]);
    finishNext();
  });

  it('settles the changes of a batch that failed, and still sends the next', async () => {
    const { batches, send, finishNext } = controlledSend();
    const announce = batchedAnnouncer(send);
    const first = announce('songkhoe', [1]);
    const second = announce('songkhoe', [2]);
    finishNext(false);
    await first;
    await tick();
    expect(batches[1]).toEqual([{ tenant: 'songkhoe', doctorIds: [2] }]);
    finishNext();
    await second;
  });
});
