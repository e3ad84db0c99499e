/**
 * Gathers the lookups asked within one turn of the event loop into one query (a
 * thousand applicants starting to autosave at once each asked for their session and their
 * organization separately, and the queue of those small queries was the deadline's worst seconds).
 * Quiet, a lookup waits for nothing but the current turn to end.
 */
export class Batcher<K, V> {
  private pending = new Map<K, Array<{ resolve: (value: V) => void; reject: (err: unknown) => void }>>();
  private scheduled = false;

  constructor(
    /** Answers for the keys it knows; a key it leaves out gets `missing`. */
    private readonly load: (keys: K[]) => Promise<Map<K, V>>,
    private readonly missing: V,
    private readonly maxKeys = 500,
  ) {}

  get(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      const waiters = this.pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.pending.set(key, [{ resolve, reject }]);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush() {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = new Map();
    const keys = [...batch.keys()];
    for (let i = 0; i < keys.length; i += this.maxKeys) {
      const chunk = keys.slice(i, i + this.maxKeys);
      try {
        const found = await this.load(chunk);
        for (const key of chunk) for (const w of batch.get(key) ?? []) w.resolve(found.get(key) ?? this.missing);
      } catch (err) {
        for (const key of chunk) for (const w of batch.get(key) ?? []) w.reject(err);
      }
    }
  }
}
