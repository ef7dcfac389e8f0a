// Public answers a process keeps for a moment, so that thousands opening the same event page in the
// same second cost one query: callers asking while an answer is being read share that read.
// A failed read is not kept (the next caller reads again).

export interface KeptAnswers<V> {
  /** The answer kept under `key` if it is younger than keepMs (or still being read), or `read()`'s. */
  get(key: string, read: () => Promise<V>): Promise<V>;
  /** Forgets every answer: something they show changed in this process. */
  clear(): void;
}

export interface KeptAnswersOptions {
  keepMs: number;
  /** At most this many answers are kept (the oldest go first). */
  maxEntries?: number;
}

export function createKeptAnswers<V>({ keepMs, maxEntries = 1_000 }: KeptAnswersOptions): KeptAnswers<V> {
  const kept = new Map<string, { at: number; answer: Promise<V> }>();
  return {
    get(key, read) {
      const now = Date.now();
      const entry = kept.get(key);
      if (entry && now - entry.at < keepMs) return entry.answer;
      kept.delete(key);
      const answer = read();
      const fresh = { at: now, answer };
      kept.set(key, fresh);
      answer.catch(() => {
        if (kept.get(key) === fresh) kept.delete(key);
      });
      if (kept.size > maxEntries) kept.delete(kept.keys().next().value as string);
      return answer;
    },
    clear() {
      kept.clear();
    },
  };
}
