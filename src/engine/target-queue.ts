// The targets of a run handed out in batches. Threads that share a run take batches
// from one counter until none is left: a thread that lints faster takes more, and no thread waits
// at the end for another's long fixed range. The counter lives in a SharedArrayBuffer, so a worker
// thread takes its batches without a message to the main thread (which is busy linting its own).

/** The next batch of targets, [from, to); undefined when every target is taken. */
export interface TargetQueue {
  take(): [number, number] | undefined;
}

/** A counter shared between threads: pass its `buffer` to a worker (workerData) and make a queue on it there. */
export function queueCounter(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4));
}

/** Targets 0..count in batches of `batch`, taken from `counter` (queueCounter) atomically. */
export function sharedQueue(counter: Int32Array, count: number, batch: number): TargetQueue {
  return {
    take() {
      const from = Atomics.add(counter, 0, batch);
      return from < count ? [from, Math.min(count, from + batch)] : undefined;
    },
  };
}

/** How many targets were taken so far (by every thread). */
export function takenSoFar(counter: Int32Array, count: number): number {
  return Math.min(count, Atomics.load(counter, 0));
}
