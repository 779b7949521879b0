// Every entry point runs with V8's allocation-site pretenuring off (src/bin/load-core.ts, issue 22:
// the memory of a run of 50,000 files), set before its first script is compiled: the code caches
// are checked against V8's flag hash, so the CLI, the language server and the workers must agree.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, TEST_CACHE_HOME } from './run';

const SERVER = path.join(path.dirname(BIN), 'omlint-language-server.js');

/** A preload that records, in order, the V8 flags set and the scripts compiled (node:vm). */
function recorder(): { preload: string; log: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-lean-heap-'));
  const log = path.join(dir, 'events.log');
  const preload = path.join(dir, 'record.cjs');
  writeFileSync(
    preload,
    `const fs = require('fs'); const v8 = require('v8'); const vm = require('vm');
const note = (s) => fs.appendFileSync(${JSON.stringify(log)}, s + '\\n');
const setFlags = v8.setFlagsFromString;
v8.setFlagsFromString = (flags) => { note('flags ' + flags); return setFlags(flags); };
const Script = vm.Script;
vm.Script = class extends Script { constructor(src, o) { note('script ' + require('path').basename(String(o && o.filename))); super(src, o); } };
`,
  );
  return { preload, log };
}

describe.skipIf(!existsSync(BIN))('V8 flags of the entry points', () => {
  for (const [name, args] of [
    ['omlint', [BIN, 'check', '--no-color', path.join(__dirname, '..', '..', 'examples')]],
    ['omlint-language-server', [SERVER, '--stdio']],
  ] as const) {
    it(`${name}: pretenuring off before the core is compiled`, () => {
      const { preload, log } = recorder();
      spawnSync(process.execPath, [...args], { input: '', encoding: 'utf8', timeout: 20_000, env: { PATH: process.env.PATH, XDG_CACHE_HOME: TEST_CACHE_HOME, NODE_OPTIONS: `--require ${preload}` } });
      const events = readFileSync(log, 'utf8').trim().split('\n');
      expect(events[0]).toBe('flags --no-allocation-site-pretenuring');
      expect(events[1]).toMatch(/^script core-[0-9A-F]{8}\.js$/);
    });
  }
});
