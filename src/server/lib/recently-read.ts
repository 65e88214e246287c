/**
 * A read remembered for a short time, per key: callers arriving at once share one query (its
 * promise), and later ones reuse the answer until `ttlMs` has passed. Only answers that found
 * something are remembered (undefined is asked again every time), so keys that name nothing, such
 * as made-up ids, never fill the memory; the number of keys is bounded all the same.
 */
const MAX_KEYS = 1000;

export interface RecentlyRead<T> {
  /** The remembered answer, or a new read when there is none, it is too old, or `fresh` is asked. */
  get(key: string, options?: { fresh?: boolean }): Promise<T | undefined>;
}

export function recentlyRead<T>(read: (key: string) => Promise<T | undefined>, ttlMs: number, clock: () => number = Date.now): RecentlyRead<T> {
  const remembered = new Map<string, { at: number; answer: Promise<T | undefined> }>();
  return {
    get(key, options = {}) {
      const now = clock();
      const known = remembered.get(key);
      if (known && !options.fresh && now - known.at < ttlMs) return known.answer;
      if (remembered.size >= MAX_KEYS) remembered.clear();
      const answer = read(key);
      const entry = { at: now, answer };
      remembered.set(key, entry);
      // Failures and misses are not kept (unless a newer read replaced this one meanwhile).
      const forget = () => {
        if (remembered.get(key) === entry) remembered.delete(key);
      };
      answer.then((value) => value === undefined && forget(), forget);
      return answer;
    },
  };
}
