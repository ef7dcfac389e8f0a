import { createKeptAnswers } from '../src/http/kept-answers';

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('kept answers', () => {
  it('shares a read in flight and keeps its answer keepMs, then reads again', async () => {
    const kept = createKeptAnswers<number>({ keepMs: 100 });
    let reads = 0;
    const read = async () => {
      reads += 1;
      await later(20);
      return reads;
    };
    expect(await Promise.all([kept.get('a', read), kept.get('a', read), kept.get('a', read)])).toEqual([1, 1, 1]);
    expect(await kept.get('a', read)).toBe(1);
    expect(await kept.get('b', read)).toBe(2);
    await later(120);
    expect(await kept.get('a', read)).toBe(3);
    kept.clear();
    expect(await kept.get('a', read)).toBe(4);
  });

  it('keeps no failed read, and no more than maxEntries answers', async () => {
    const kept = createKeptAnswers<string>({ keepMs: 10_000, maxEntries: 2 });
    await expect(kept.get('x', () => Promise.reject(new Error('no such event')))).rejects.toThrow('no such event');
    expect(await kept.get('x', async () => 'found')).toBe('found');
    await kept.get('y', async () => 'y1');
    await kept.get('z', async () => 'z1');
    // x, the oldest, went when z came.
    expect(await kept.get('x', async () => 'read again')).toBe('read again');
    expect(await kept.get('z', async () => 'not read')).toBe('z1');
  });
});
