// The diagnostics scheduler: a wait after an edit adapted to the document's lint time, stale
// results never published, one lint of a document at a time. Fake timers and a fake clock: no
// test here depends on how fast the machine is.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounceDelay, DiagnosticsScheduler, MAX_DEBOUNCE_MS, MIN_DEBOUNCE_MS } from '../../src/server/scheduler';

describe('debounceDelay', () => {
  it('waits about as long as a lint takes, between the bounds; the old fixed wait before the first lint', () => {
    expect(debounceDelay(undefined)).toBe(MAX_DEBOUNCE_MS);
    expect(debounceDelay(0)).toBe(MIN_DEBOUNCE_MS);
    expect(debounceDelay(3)).toBe(MIN_DEBOUNCE_MS);
    expect(debounceDelay(42.4)).toBe(42);
    expect(debounceDelay(5_000)).toBe(MAX_DEBOUNCE_MS);
    expect(debounceDelay(5_000, 80)).toBe(80);
  });

  it('counts the time the document has been idle since its last lint', () => {
    expect(debounceDelay(100, MAX_DEBOUNCE_MS, 30)).toBe(70);
    expect(debounceDelay(100, MAX_DEBOUNCE_MS, 100)).toBe(MIN_DEBOUNCE_MS);
    expect(debounceDelay(20, MAX_DEBOUNCE_MS, 5_000)).toBe(MIN_DEBOUNCE_MS);
    expect(debounceDelay(5_000, MAX_DEBOUNCE_MS, 4_900)).toBe(100);
    expect(debounceDelay(undefined, MAX_DEBOUNCE_MS, 5_000)).toBe(MAX_DEBOUNCE_MS);
  });
});

describe('DiagnosticsScheduler', () => {
  let clock = 0;
  beforeEach(() => {
    vi.useFakeTimers();
    clock = 0;
  });
  afterEach(() => vi.useRealTimers());

  /** A scheduler whose lints "take" `cost(uri)` ms of the fake clock, recording each run. */
  function scheduler(cost: (uri: string) => number, maxDelayMs?: number) {
    const runs: { uri: string; at: number; current: () => boolean }[] = [];
    const s = new DiagnosticsScheduler({
      maxDelayMs,
      now: () => clock,
      run: async (uri, current) => {
        runs.push({ uri, at: Date.now(), current });
        clock += cost(uri);
      },
    });
    return { s, runs };
  }

  it('adapts the wait after an edit to the measured lint time of that document', async () => {
    const { s, runs } = scheduler((uri) => (uri === 'small' ? 12 : uri === 'mid' ? 100 : 400));
    expect(s.delayFor('small')).toBe(MAX_DEBOUNCE_MS);
    s.schedule('big', true); // opened: at once
    await vi.advanceTimersByTimeAsync(0);
    s.schedule('mid', true);
    await vi.advanceTimersByTimeAsync(0);
    s.schedule('small', true);
    await vi.advanceTimersByTimeAsync(0);
    expect(runs.map((r) => r.uri)).toEqual(['big', 'mid', 'small']);
    // Right after its lint a document waits as long as the lint took (at most the bound).
    expect(s.delayFor('small')).toBe(12);
    expect(s.delayFor('big')).toBe(MAX_DEBOUNCE_MS);

    const t0 = Date.now();
    s.schedule('small');
    await vi.advanceTimersByTimeAsync(11);
    expect(runs).toHaveLength(3); // still waiting
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toHaveLength(4);
    expect(runs[3].at - t0).toBe(12);
    // 'mid' ended 12 + 12 ms ago (the lints of 'small' since): the rest of its 100 ms.
    expect(s.delayFor('mid')).toBe(76);
  });

  it('after a pause as long as the lint, an edit waits only the minimum; while a lint runs, the whole cost', async () => {
    const gates: (() => void)[] = [];
    const s = new DiagnosticsScheduler({
      now: () => clock,
      run: async () => {
        await new Promise<void>((r) => gates.push(r));
        clock += 100;
      },
    });
    s.schedule('a', true);
    await vi.advanceTimersByTimeAsync(0);
    gates.shift()!();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.delayFor('a')).toBe(100);
    clock += 100; // idle as long as a lint
    expect(s.delayFor('a')).toBe(MIN_DEBOUNCE_MS);
    s.schedule('a');
    await vi.advanceTimersByTimeAsync(MIN_DEBOUNCE_MS);
    expect(gates).toHaveLength(1); // started after the minimum wait
    clock += 10_000; // however long ago the last lint ended: one runs now
    expect(s.delayFor('a')).toBe(100);
    gates.shift()!();
    await vi.advanceTimersByTimeAsync(0);
  });

  it('coalesces fast typing into one lint, and never counts the open\'s warm-up twice', async () => {
    let first = true;
    const { s, runs } = scheduler(() => {
      const ms = first ? 2_000 : 20;
      first = false;
      return ms;
    });
    s.schedule('a', true);
    await vi.advanceTimersByTimeAsync(0);
    expect(s.delayFor('a')).toBe(MAX_DEBOUNCE_MS); // one slow lint so far
    s.schedule('a');
    await vi.advanceTimersByTimeAsync(MAX_DEBOUNCE_MS);
    expect(s.delayFor('a')).toBe(20); // the lower median of [2000, 20]
    for (let i = 0; i < 5; i++) {
      s.schedule('a');
      await vi.advanceTimersByTimeAsync(5);
    }
    await vi.advanceTimersByTimeAsync(20);
    expect(runs).toHaveLength(3);
  });

  it('marks a lint stale when a newer request arrives while it runs, and runs one lint of a document at a time', async () => {
    const gates: (() => void)[] = [];
    const runs: { current: () => boolean }[] = [];
    let active = 0;
    let most = 0;
    const s = new DiagnosticsScheduler({
      now: () => clock,
      run: async (_uri, current) => {
        runs.push({ current });
        most = Math.max(most, ++active);
        await new Promise<void>((r) => gates.push(r));
        active--;
      },
    });
    s.schedule('a', true);
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toHaveLength(1);
    s.schedule('a', true); // an edit while the first lint runs
    await vi.advanceTimersByTimeAsync(0);
    expect(runs[0].current()).toBe(false);
    expect(runs).toHaveLength(1); // waits for the running one
    gates.shift()!();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toHaveLength(2);
    expect(runs[1].current()).toBe(true);
    gates.shift()!();
    await vi.advanceTimersByTimeAsync(0);
    expect(most).toBe(1);
  });

  it('settles (for code actions) after the pending wait and the lint it starts', async () => {
    const { s, runs } = scheduler(() => 30);
    s.schedule('a');
    let settled = false;
    void s.settled('a').then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(MAX_DEBOUNCE_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(MAX_DEBOUNCE_MS);
    expect(runs).toHaveLength(1);
    expect(settled).toBe(true);
  });

  it('forgets a closed document: its pending lint never runs; 0 as the bound lints at once', async () => {
    const { s, runs } = scheduler(() => 5);
    s.schedule('a');
    s.forget('a');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toHaveLength(0);
    const now = scheduler(() => 5, 0);
    now.s.schedule('b');
    await vi.advanceTimersByTimeAsync(0);
    expect(now.runs).toHaveLength(1);
  });

  it('survives a lint that throws, also while the next one waits for it', async () => {
    let release: (() => void) | undefined;
    let calls = 0;
    const s = new DiagnosticsScheduler({
      now: () => clock,
      run: async () => {
        calls++;
        if (calls === 1) await new Promise<void>((r) => (release = r));
        throw new Error('boom');
      },
    });
    s.schedule('a', true);
    await vi.advanceTimersByTimeAsync(0);
    s.schedule('a', true); // waits for the first, which then fails
    const settled = s.settled('a');
    release!();
    await vi.advanceTimersByTimeAsync(0);
    await expect(settled).resolves.toBeUndefined();
    expect(calls).toBe(2);
  });
});
