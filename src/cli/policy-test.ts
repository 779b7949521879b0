// `omlint policy test <dir>`: a pack author's tester, as test/rule-tester.ts is for built-in
// rules. <dir> holds an omlint.config.yaml (or a package.json whose "omlint" names the pack file),
// and examples in valid/ and invalid/: a file there is one project scope, a folder one scope of
// all its files (for `contains` policies). A valid example must give no finding of the pack's
// policies; an invalid one exactly those its lines announce with a trailing `# expect: <policy-id>`
// (several ids separated by commas), on those lines — none missing, none extra.
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { applyConfig, CONFIG_NAMES, ConfigError, loadConfigText, type LoadedConfig } from '../config/load';
import { loadConfigFile } from '../config/discover';
import { diskExtendsFiles } from '../config/extends-disk';
import { KNOWN_RULE_IDS } from '../../rules/registry';
import { lint } from '../engine/lint';
import { readInput } from '../io/read-input';
import { describeFsError } from '../io/fs-errors';
import { pathBelow } from '../core/normal-paths';

interface Case {
  name: string;
  valid: boolean;
  files: string[];
  /** Why the example cannot be run (a link loop, not a regular file): the case fails with it. */
  problem?: string;
}

const EXPECT = /#\s*expect:\s*([a-z0-9/,\s-]+)$/;
const EXAMPLE = /\.(ya?ml|json)$/i;

export interface PolicyTestIO {
  stdout: { write(s: string): unknown };
}

/** Runs the examples; resolves to the exit code (0 all pass, 1 a case failed). Throws ConfigError. */
export async function runPolicyTests(dir: string, io: PolicyTestIO, now = new Date()): Promise<number> {
  const config = loadPack(dir);
  const ids = new Set(config.policies.map((p) => p.rule.meta.id));
  const cases = [...casesIn(dir, 'valid', true), ...casesIn(dir, 'invalid', false)];
  if (cases.length === 0) throw new ConfigError(`${dir}: no examples (valid/ and invalid/ hold example documents)`);
  const announced = new Set<string>();
  let failed = 0;
  for (const c of cases) {
    const inputs = c.files.map((f) => readInput(f));
    // An example that cannot be read is no example: passing it would say "ok" of nothing.
    const unread = c.problem ?? inputs.map((input) => input.problem && `${path.relative(dir, input.filePath).split(path.sep).join('/')}: ${input.problem.message}`).find(Boolean);
    if (unread) {
      failed++;
      io.stdout.write(`FAIL ${c.name}: ${unread}\n`);
      continue;
    }
    const scope = `policy-test:${c.name}`;
    const results = await lint(inputs, { now, cwd: dir, settingsFor: (p) => ({ ...applyConfig(p, config), scope }) });
    const got = results.flatMap((r) => r.diagnostics.filter((d) => ids.has(d.ruleId)).map((d) => `${r.filePath}:${d.range.start.line} ${d.ruleId}`)).sort();
    const want = c.valid ? [] : expectations(c.files, dir).sort();
    for (const w of want) announced.add(w.split(' ')[1]);
    const missing = want.filter((w) => !got.includes(w));
    const extra = got.filter((g) => !want.includes(g));
    if (!c.valid && want.length === 0) {
      failed++;
      io.stdout.write(`FAIL ${c.name}: an invalid example announces no finding (# expect: <policy-id> on the offending line)\n`);
    } else if (missing.length || extra.length) {
      failed++;
      io.stdout.write(`FAIL ${c.name}\n${missing.map((m) => `  missing  ${m}\n`).join('')}${extra.map((e) => `  extra    ${e}\n`).join('')}`);
    } else io.stdout.write(`ok   ${c.name}\n`);
  }
  const untested = [...ids].filter((id) => !announced.has(id)).sort();
  for (const id of untested) io.stdout.write(`note ${id}: no invalid example announces it\n`);
  io.stdout.write(`${cases.length - failed} of ${cases.length} examples pass (${ids.size} policies)\n`);
  return failed ? 1 : 0;
}

function loadPack(dir: string): LoadedConfig {
  for (const name of CONFIG_NAMES) {
    const p = path.join(dir, name);
    if (existsSync(p)) return loadConfigFile(p, KNOWN_RULE_IDS);
  }
  const manifest = path.join(dir, 'package.json');
  if (existsSync(manifest)) {
    let pack: unknown;
    try {
      pack = (JSON.parse(readFileSync(manifest, 'utf8')) as { omlint?: unknown }).omlint;
    } catch (e) {
      throw new ConfigError(`${manifest}: ${(e as Error).message}`);
    }
    // The pack as a consumer would take it: a config that extends its file.
    if (typeof pack === 'string') return loadConfigText(path.join(dir, 'omlint.config.yaml'), `extends: [${JSON.stringify('./' + pack.replace(/^\.\//, ''))}]\n`, KNOWN_RULE_IDS, diskExtendsFiles);
  }
  throw new ConfigError(`${dir}: no omlint.config.yaml, and no package.json naming a pack file in "omlint"`);
}

/** What a path is, links followed; a link loop (or a dangling link) is said, never followed on. */
function kindOf(p: string): 'file' | 'directory' | 'other' | { problem: string } {
  try {
    const st = statSync(p);
    return st.isFile() ? 'file' : st.isDirectory() ? 'directory' : 'other';
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { problem: code === 'ELOOP' ? 'a symbolic link loop; not followed' : `cannot be read (${describeFsError(e)})` };
  }
}

function casesIn(dir: string, sub: string, valid: boolean): Case[] {
  const base = path.join(dir, sub);
  const top = kindOf(base);
  // Absent: no examples of that side. A link there that goes nowhere (or round): said.
  if (typeof top === 'object') return lstatOrUndefined(base) === undefined ? [] : [{ name: `${sub}/`, valid, files: [], problem: top.problem }];
  if (top !== 'directory') return [];
  const realBase = realpathSync(base);
  return readdirSync(base)
    .sort()
    .flatMap((name): Case[] => {
      const p = path.join(base, name);
      const kind = kindOf(p);
      if (typeof kind === 'object') return [{ name: `${sub}/${name}`, valid, files: [], problem: kind.problem }];
      if (kind === 'directory') {
        // A folder that links back to the examples or above them holds itself: a loop.
        const real = realpathSync(p);
        if (real === realBase || pathBelow(real, realBase) !== undefined) return [{ name: `${sub}/${name}/`, valid, files: [], problem: `a symbolic link loop (to ${path.relative(dir, real) || '.'}); not followed` }];
        const entries = readdirSync(p).filter((f) => EXAMPLE.test(f)).sort();
        const cases = entries.map((f) => ({ f, kind: kindOf(path.join(p, f)) }));
        const bad = cases.find((c) => c.kind !== 'file');
        if (bad) return [{ name: `${sub}/${name}/`, valid, files: [], problem: `${bad.f}: ${typeof bad.kind === 'object' ? bad.kind.problem : `a ${bad.kind}, not an example file`}` }];
        return entries.length ? [{ name: `${sub}/${name}/`, valid, files: entries.map((f) => path.join(p, f)) }] : [];
      }
      if (!EXAMPLE.test(name)) return [];
      return kind === 'file' ? [{ name: `${sub}/${name}`, valid, files: [p] }] : [{ name: `${sub}/${name}`, valid, files: [], problem: 'not a regular file' }];
    });
}

function lstatOrUndefined(p: string): unknown {
  try {
    return lstatSync(p);
  } catch {
    return undefined;
  }
}

/** `path:line id` of each `# expect:` comment. */
function expectations(files: string[], dir: string): string[] {
  return files.flatMap((f) =>
    readFileSync(f, 'utf8')
      .split(/\r?\n/)
      .flatMap((line, i) => {
        const m = EXPECT.exec(line);
        const rel = path.relative(dir, f).split(path.sep).join('/');
        return m ? m[1].split(',').map((id) => id.trim()).filter(Boolean).map((id) => `${rel}:${i + 1} ${id}`) : [];
      }),
  );
}
