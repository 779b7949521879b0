// `extends:` and `policies:` of a config: the files it extends (a relative path, a built-in pack
// `omlint:<name>`, or an npm package found in node_modules), read as YAML/JSON data and never
// require()d, and the policies of all of them compiled, each error at its exact spot.
import path from 'node:path';
import { parseText } from '../syntax/index';
import { pathBelow } from '../core/normal-paths';
import type { SeveritySetting } from '../core/types';
import { SEVERITY_SPELLINGS, severitySetting, severitySettings } from './severity';
import { compilePolicy, type CompiledPolicy } from '../policy/compile';
import { POLICY_LIMITS } from '../policy/limits';
import { recordPolicies } from '../policy/catalog';
import { isObject } from '../core/is-object';

/**
 * How `extends` reaches files: the disk for the CLI and the server (config/extends-disk.ts); none
 * in the browser playground, where an `extends` entry is refused. Kept out of this module so that
 * the lint path imports no Node file system.
 */
export interface ExtendsFiles {
  /** The text of a regular file; throws with a readable reason. */
  read(file: string): string;
  exists(file: string): boolean;
  /** The path with links resolved (the path itself when it cannot be). */
  real(file: string): string;
  /** The directory of the built-in packs (policies/ of the package), and their names. */
  packsDir(): string;
  packs(): string[];
  /** A reason for a read error (ENOENT → "no such file"). */
  describe(e: unknown): string;
}

/** Where a pointer of a config-like file is: `file:line:column`. */
export type Where = (pointer: string) => string;
export type ConfigFail = (pointer: string, message: string) => never;

export interface PolicySet {
  policies: CompiledPolicy[];
  /** Severities from extended files, under the config's own. */
  rules: Record<string, SeveritySetting>;
}

const DATA_FILE = /\.(ya?ml|json)$/i;
const PACK_NAME = /^[a-z0-9][a-z0-9-]*$/;
const NPM_NAME = /^((?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*)(\/.+)?$/;
const EXTENDED_KEYS = ['extends', 'policies', 'rules'];

/** A config-like file's text → its value and a `where`; throws through `error` on a syntax error. */
export function parseConfigLike(filePath: string, text: string, error: (message: string) => never): { value: unknown; where: Where } {
  const parsed = parseText(text, filePath);
  const problem = parsed.problems.find((p) => p.ruleId !== 'empty-document');
  if (problem) {
    const pos = parsed.lines.position(problem.span.start);
    error(`${filePath}:${pos.line}:${pos.column}: ${problem.message}`);
  }
  const doc = parsed.documents[0];
  const value = doc && !doc.empty ? doc.value : {};
  const where = (pointer: string) => {
    const loc = doc?.locate(pointer);
    const span = loc?.key ?? loc?.value;
    if (!span) return `${filePath}${pointer ? ` (${pointer})` : ''}`;
    const pos = parsed.lines.position(span.start);
    return `${filePath}:${pos.line}:${pos.column}`;
  };
  return { value, where };
}

interface Chain {
  /** Real paths of the files being extended, to refuse a loop. */
  open: Set<string>;
  files: number;
  error: (message: string) => never;
  fs: ExtendsFiles | undefined;
}

/**
 * The policies of a config value (its `extends` first, then its own `policies`), compiled.
 * `known`: rule ids a `rules:` entry of an extended file may name (the policies add theirs).
 */
export function loadPolicySet(value: Record<string, unknown>, filePath: string, where: Where, known: Set<string>, error: (message: string) => never, fs?: ExtendsFiles): PolicySet {
  const chain: Chain = { open: new Set([fs ? fs.real(filePath) : filePath]), files: 0, error, fs };
  const set = collect(value, filePath, where, known, chain, filePath, false);
  recordPolicies(set.policies);
  return set;
}

function collect(value: Record<string, unknown>, filePath: string, where: Where, known: Set<string>, chain: Chain, source: string, extended: boolean): PolicySet {
  const fail: ConfigFail = (pointer, msg) => chain.error(`${where(pointer)}: ${msg}`);
  const byId = new Map<string, CompiledPolicy>();
  const rules: Record<string, SeveritySetting> = {};
  if (value.extends !== undefined) {
    const list = typeof value.extends === 'string' ? [value.extends] : value.extends;
    if (!Array.isArray(list) || list.some((e) => typeof e !== 'string' || e === '')) fail('/extends', 'must be a list of files to extend: a relative path (./team.yaml), a built-in pack (omlint:production) or an npm package name');
    (list as string[]).forEach((entry, i) => {
      const at = typeof value.extends === 'string' ? '/extends' : `/extends/${i}`;
      const fs = chain.fs;
      if (!fs) return fail(at, `${entry}: extends reads other files, which this place cannot (the playground has no files); paste the policies in`);
      const target = resolveExtends(entry, path.dirname(filePath), (msg) => fail(at, msg), fs);
      const real = fs.real(target.file);
      if (chain.open.has(real)) fail(at, `${entry} extends this file again (a loop)`);
      if (++chain.files > POLICY_LIMITS.maxExtends) fail(at, `more than ${POLICY_LIMITS.maxExtends} files extended`);
      let text: string;
      try {
        text = fs.read(target.file);
      } catch (e) {
        return fail(at, `cannot read ${target.file} (${fs.describe(e)})`);
      }
      const parsed = parseConfigLike(target.file, text, chain.error);
      const v = parsed.value;
      const extFail: ConfigFail = (pointer, msg) => chain.error(`${parsed.where(pointer)}: ${msg}`);
      if (!isObject(v)) extFail('', 'an extended file is a mapping of extends, policies and rules');
      for (const k of Object.keys(v as object)) if (!EXTENDED_KEYS.includes(k)) extFail(`/${k}`, `unknown setting "${k}" in an extended file; settings: ${EXTENDED_KEYS.join(', ')}`);
      chain.open.add(real);
      const sub = collect(v as Record<string, unknown>, target.file, parsed.where, known, chain, target.source, true);
      chain.open.delete(real);
      for (const p of sub.policies) byId.set(p.rule.meta.id, p);
      Object.assign(rules, sub.rules);
    });
  }
  if (value.policies !== undefined) {
    if (!Array.isArray(value.policies)) fail('/policies', 'must be a list of policies {id, kinds, severity, message, given?, then?, ...}');
    const own = new Set<string>();
    (value.policies as unknown[]).forEach((raw, i) => {
      const p = compilePolicy(raw, `/policies/${i}`, fail, source);
      const id = p.rule.meta.id;
      if (own.has(id)) fail(`/policies/${i}/id`, `a second policy with the id "${id}" in this file`);
      if (known.has(id)) fail(`/policies/${i}/id`, `"${id}" is the id of a built-in rule`);
      own.add(id);
      // A policy of the extending file replaces an extended one of the same id.
      byId.set(id, p);
    });
  }
  if (byId.size > POLICY_LIMITS.maxPolicies) fail('/policies', `${byId.size} policies; at most ${POLICY_LIMITS.maxPolicies}`);
  if (extended && value.rules !== undefined) {
    // Only an extended file's rules are read here; the config's own are checked with the rest of it.
    checkSeverities(value.rules, new Set([...known, ...byId.keys()]), fail);
    Object.assign(rules, severitySettings(value.rules as Record<string, unknown>));
  }
  return { policies: [...byId.values()], rules };
}

function checkSeverities(rules: unknown, known: Set<string>, fail: ConfigFail): void {
  if (!isObject(rules)) fail('/rules', `"rules" must map rule ids to severities: ${SEVERITY_SPELLINGS}`);
  for (const [id, sev] of Object.entries(rules as object)) {
    if (!known.has(id)) fail(`/rules/${id}`, `unknown rule id "${id}" (omlint rules lists them)`);
    if (severitySetting(sev) === undefined) fail(`/rules/${id}`, `severity of "${id}" must be one of ${SEVERITY_SPELLINGS}, not ${JSON.stringify(sev)}`);
  }
}

/** The file an `extends` entry names, and the source label of its policies. */
export function resolveExtends(entry: string, fromDir: string, fail: (message: string) => never, fs: ExtendsFiles): { file: string; source: string } {
  if (entry.startsWith('omlint:')) {
    const name = entry.slice('omlint:'.length);
    const packs = fs.packs();
    if (!PACK_NAME.test(name) || !packs.includes(name)) fail(`no built-in pack "${name}"; packs: ${packs.map((p) => `omlint:${p}`).join(', ')}`);
    return { file: path.join(fs.packsDir(), `${name}.yaml`), source: entry };
  }
  if (entry.startsWith('.') || path.isAbsolute(entry)) {
    const file = path.resolve(fromDir, entry);
    if (!DATA_FILE.test(file)) fail(`${entry}: an extended file is YAML or JSON (.yaml, .yml, .json)`);
    if (!fs.exists(file)) fail(`${entry}: no such file (${file})`);
    return { file, source: file };
  }
  const m = NPM_NAME.exec(entry);
  if (!m) fail(`"${entry}" is neither a relative path (./x.yaml), a built-in pack (omlint:name) nor an npm package name`);
  const [, name, sub] = m!;
  const pkgDir = findPackage(name, fromDir, fs);
  if (!pkgDir) fail(`the npm package "${name}" is not installed (no node_modules/${name} from ${fromDir} up)`);
  let rel = sub?.slice(1);
  if (rel === undefined) {
    let manifest: Record<string, unknown>;
    try {
      manifest = JSON.parse(fs.read(path.join(pkgDir!, 'package.json'))) as Record<string, unknown>;
    } catch (e) {
      return fail(`cannot read ${name}/package.json (${e instanceof SyntaxError ? e.message : fs.describe(e)})`);
    }
    const named = typeof manifest.omlint === 'string' ? manifest.omlint : typeof manifest.main === 'string' && DATA_FILE.test(manifest.main) ? manifest.main : undefined;
    if (!named) fail(`the package "${name}" names no policy file: its package.json needs "omlint": "<file>.yaml" (a policy pack is data, never a script)`);
    rel = named;
  }
  const file = path.resolve(pkgDir!, rel!);
  if (!DATA_FILE.test(file)) fail(`${entry}: a policy pack is a YAML or JSON file, not ${path.basename(file)} (packs are never run)`);
  // The pack's file stays inside its package, links resolved.
  if (!fs.exists(file)) fail(`${entry}: no such file in the package (${file})`);
  if (pathBelow(fs.real(pkgDir!), fs.real(file)) === undefined) fail(`${entry}: the policy file lies outside the package`);
  return { file, source: `npm:${name}${sub ?? ''}` };
}

function findPackage(name: string, fromDir: string, fs: ExtendsFiles): string | undefined {
  for (let dir = path.resolve(fromDir); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.exists(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}
