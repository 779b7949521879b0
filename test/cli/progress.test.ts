// The progress line: counted file by file, redrawn at most every REDRAW_MS, only on a terminal.
// A fake TTY stream and a fake clock: no timing in the test.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { progressReporter, REDRAW_MS, SHOW_AFTER_MS } from '../../src/cli/progress';
import { lintFiles } from '../../src/cli/run-lint';
import { defaultSettings } from '../../src/config/load';
import { DEFAULT_LIMITS } from '../../src/syntax/types';

function fakeTty(isTTY = true) {
  const writes: string[] = [];
  return { stream: { isTTY, write: (s: string) => writes.push(s) }, writes };
}

describe('progress reporter', () => {
  it('draws the file count once the run is long enough, then at most every REDRAW_MS', () => {
    let t = 1_000;
    const { stream, writes } = fakeTty();
    const p = progressReporter(stream, () => t);
    p.update(1, 10);
    expect(writes).toEqual([]); // a short run prints nothing
    t += SHOW_AFTER_MS;
    p.update(2, 10);
    t += REDRAW_MS / 2;
    p.update(3, 10); // too soon after the last redraw
    t += REDRAW_MS / 2;
    p.update(4, 10);
    t += REDRAW_MS;
    p.update(5, 10);
    p.end();
    expect(writes).toEqual(['\romlint: 2/10 files', '\romlint: 4/10 files', '\romlint: 5/10 files', '\r\u001b[K']);
  });

  it('never writes to a stream that is not a terminal', () => {
    let t = 0;
    const { stream, writes } = fakeTty(false);
    const p = progressReporter(stream, () => t);
    for (let i = 1; i <= 5; i++) {
      t += 10 * SHOW_AFTER_MS;
      p.update(i, 5);
    }
    p.end();
    expect(writes).toEqual([]);
  });
});

describe('lintFiles progress', () => {
  it('counts files one by one, across project scopes (directories)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-progress-'));
    const alert = 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: a@example.com\n    intervalMin: 60\n    delayMin: 0\n';
    const files: string[] = [];
    for (const sub of ['a', 'b']) {
      mkdirSync(path.join(dir, sub));
      for (const name of ['1.alert-config.yaml', '2.alert-config.yaml', '3.alert-config.yaml']) {
        const f = path.join(dir, sub, name);
        writeFileSync(f, alert);
        files.push(f);
      }
    }
    const calls: [number, number][] = [];
    await lintFiles({
      files,
      discovered: new Set(),
      settingsFor: (f) => ({ ...defaultSettings(f), scope: path.dirname(f) }),
      now: new Date('2026-11-21T00:00:00Z'),
      fixedNow: true,
      limits: DEFAULT_LIMITS,
      cwd: dir,
      version: 'test',
      progress: (done, total) => calls.push([done, total]),
    });
    expect(calls).toEqual([1, 2, 3, 4, 5, 6].map((n) => [n, 6]));
  });
});
