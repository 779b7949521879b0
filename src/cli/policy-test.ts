// `omlint policy test <dir>`: a pack author's tester, as test/rule-tester.ts is for built-in
// rules. <dir> holds an omlint.config.yaml (or a package.json whose "omlint" names the pack file),
// and examples in valid/ and invalid/: a file there is one project scope, a folder one scope of
// all its files (for `contains` policies). A valid example must give no finding of the pack's
// policies; an invalid one exactly those its lines announce with a trailing `# expect: <policy-id>`
// (several ids separated by commas), on those lines — none missing, none extra.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { applyConfig, CONFIG_NAMES, ConfigError, loadConfigText, type LoadedConfig } from '../config/load';
import { loadConfigFile } from '../config/discover';
import { diskExtendsFiles } from '../config/extends-disk';
import { KNOWN_RULE_IDS } from '../../rules/registry';
import { lint } from '../engine/lint';
import { readInput } from '../io/read-input';

interface Case {
  name: string;
  valid: boolean;
  files: string[];
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

function casesIn(dir: string, sub: string, valid: boolean): Case[] {
  const base = path.join(dir, sub);
  if (!existsSync(base)) return [];
  return readdirSync(base)
    .sort()
    .flatMap((name): Case[] => {
      const p = path.join(base, name);
      if (statSync(p).isDirectory()) {
        const files = readdirSync(p).filter((f) => EXAMPLE.test(f)).sort().map((f) => path.join(p, f));
        return files.length ? [{ name: `${sub}/${name}/`, valid, files }] : [];
      }
      return EXAMPLE.test(name) ? [{ name: `${sub}/${name}`, valid, files: [p] }] : [];
    });
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
