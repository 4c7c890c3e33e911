/**
 * Gathers the calls made while the event loop runs one turn and hands them to `run` together,
 * so that N concurrent requests cost one database statement instead of N. While `maxInFlight`
 * batches are running, new calls wait and go out together at the end of the turn in which one
 * finishes, with the calls that turn brought. `run` answers one
 * result per item, in order; if it throws, every call of that batch fails with the same error.
 */
export interface Batcher<In, Out> {
  submit(item: In): Promise<Out>;
}

interface BatchOptions {
  /** Items per statement at most: a larger queue goes out in several batches. */
  maxSize: number;
  maxInFlight: number;
}

interface Pending<In, Out> {
  item: In;
  resolve(value: Out): void;
  reject(error: unknown): void;
}

export function createBatcher<In, Out>(run: (items: In[]) => Promise<Out[]>, options: BatchOptions): Batcher<In, Out> {
  let queue: Pending<In, Out>[] = [];
  let scheduled = false;
  let inFlight = 0;

  const settle = async (batch: Pending<In, Out>[]) => {
    try {
      const results = await run(batch.map((p) => p.item));
      batch.forEach((p, i) => p.resolve(results[i]!));
    } catch (error) {
      for (const p of batch) p.reject(error);
    }
  };

  const flush = () => {
    scheduled = false;
    while (queue.length > 0 && inFlight < options.maxInFlight) {
      const batch = queue.slice(0, options.maxSize);
      queue = queue.slice(batch.length);
      inFlight++;
      void settle(batch).finally(() => {
        inFlight--;
        schedule();
      });
    }
  };
  // setImmediate runs after the poll phase: every request whose bytes arrived in this turn has
  // reached `submit` by then, and goes in the same batch.
  const schedule = () => {
    if (scheduled || queue.length === 0) return;
    scheduled = true;
    setImmediate(flush);
  };

  return {
    submit(item) {
      return new Promise<Out>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        schedule();
      });
    },
  };
}
