// The hot loops a big automation config runs once each (the topology's, the secret finder's over the
// processes, the secret net's search for kept keys' colons) are functions of their own, so V8's
// optimizing compiler takes each over once: in one function with the code around them, each loop
// was compiled on the spot (OSR) with all of it, and again once the code after it had run (issue 37,
// json20). Counted by V8's own trace of what it compiled, not timed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automationConfig, automationJson } from '../../bench/generate';
import { ensureBuilt, BIN } from '../robustness/support';

/** Functions that hold one of those loops, or held it before. */
const ONCE = ['buildTopology', 'addProcesses', 'addReplicaSets', 'addMembers', 'addShardedClusters', 'automationConfigSecrets', 'processSecrets', 'keyColonsOf', 'keyColonAfter', 'judgeOthers'];

describe('a big automation config with findings', () => {
  let work: string;
  beforeAll(() => {
    ensureBuilt();
    work = mkdtempSync(path.join(os.tmpdir(), 'omlint-compiles-'));
    // The bench corpus's automation-9600.json: 22 MB, five findings, shard keys under `key`.
    writeFileSync(path.join(work, 'big.automation-config.json'), automationJson(automationConfig(9600)));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('has each of its run-once loops compiled once at most', () => {
    // --predictable: one thread, so the compiles are the same from run to run.
    const r = spawnSync(process.execPath, ['--predictable', '--trace-opt', BIN, 'check', '--no-color', '--jobs', '1', 'big.automation-config.json'], { cwd: work, encoding: 'utf8', env: { PATH: process.env.PATH }, maxBuffer: 64 * 1024 * 1024 });
    expect(r.status).toBe(1); // its five findings
    const compiled = new Map<string, number>();
    for (const m of r.stdout.matchAll(/completed compiling 0x[0-9a-f]+ <JSFunction (\w+)/g)) compiled.set(m[1], (compiled.get(m[1]) ?? 0) + 1);
    // The trace is there, and names the loops' functions (else this test counts nothing).
    expect(compiled.get('addProcesses')).toBe(1);
    expect(compiled.get('keyColonsOf')).toBe(1);
    expect(Object.fromEntries(ONCE.map((f) => [f, Math.min(compiled.get(f) ?? 0, 2)]))).toEqual(Object.fromEntries(ONCE.map((f) => [f, Math.min(compiled.get(f) ?? 0, 1)])));
  }, 60_000);
});
