// db/batches.ts on its own: what goes together, in which order, and whose error is whose.
import { createBatches } from '../src/db/batches';

/** A run whose batches the test lets finish one at a time, recording what each carried. */
function controlledRun() {
  const batches: number[][] = [];
  const finish: (() => void)[] = [];
  const run = (items: number[]): Promise<string[]> => {
    batches.push(items);
    return new Promise((resolve, reject) => {
      finish.push(() => (items.includes(-1) ? reject(new Error(`batch ${items.join(',')} failed`)) : resolve(items.map((i) => `answer ${i}`))));
    });
  };
  const next = async (): Promise<void> => {
    finish.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { run, batches, next };
}

describe('batches', () => {
  it('a call alone goes at once; calls made meanwhile go together next, each with its own answer', async () => {
    const { run, batches, next } = controlledRun();
    const b = createBatches(run, { maxBatch: 10, maxInFlight: 1 });
    const answers = [1, 2, 3, 4].map((i) => b.add(i));
    expect(batches).toEqual([[1]]);
    await next();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    await next();
    await expect(Promise.all(answers)).resolves.toEqual(['answer 1', 'answer 2', 'answer 3', 'answer 4']);
  });

  it('keeps within maxBatch and maxInFlight, in the order the calls came', async () => {
    const { run, batches, next } = controlledRun();
    const b = createBatches(run, { maxBatch: 2, maxInFlight: 2 });
    const answers = [1, 2, 3, 4, 5, 6].map((i) => b.add(i));
    expect(batches).toEqual([[1], [2]]);
    for (let i = 0; i < 4; i += 1) await next();
    expect(batches).toEqual([[1], [2], [3, 4], [5, 6]]);
    await next();
    await next();
    await expect(Promise.all(answers)).resolves.toHaveLength(6);
  });

  it('an item that does not fit ends the batch and goes first in the next one', async () => {
    const { run, batches, next } = controlledRun();
    // No two even numbers in one batch.
    const b = createBatches(run, { maxBatch: 10, maxInFlight: 1, fits: (batch, item) => item % 2 === 1 || batch.every((x) => x % 2 === 1) });
    const answers = [1, 2, 3, 4, 5, 7].map((i) => b.add(i));
    for (let i = 0; i < 3; i += 1) await next();
    expect(batches).toEqual([[1], [2, 3], [4, 5, 7]]);
    await expect(Promise.all(answers)).resolves.toHaveLength(6);
  });

  it("a batch's error rejects its own calls only", async () => {
    const { run, next } = controlledRun();
    const b = createBatches(run, { maxBatch: 10, maxInFlight: 1 });
    const first = b.add(1);
    // Settled into values at once: a rejection nobody handles yet would fail the test run.
    const failing = [b.add(-1), b.add(2)].map((p) => p.then(() => 'answered', (err: Error) => err.message));
    await next();
    const later = b.add(3);
    await next();
    await next();
    await expect(first).resolves.toBe('answer 1');
    await expect(Promise.all(failing)).resolves.toEqual(['batch -1,2 failed', 'batch -1,2 failed']);
    await expect(later).resolves.toBe('answer 3');
  });
});
