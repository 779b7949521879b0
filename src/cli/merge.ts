// `omlint merge`: joins the reports of the parts of a sharded run (`check --shard i/n`, one CI
// matrix job each) into the report one run would have written. Each part already applied the
// baseline to its own files (the parts share no file), so nothing is suppressed twice here.
// JSON reports are arrays of file results (DESIGN.md's contract); SARIF reports are one run each,
// and say which part they are (`runs[0].properties.omlintShard`), so a missing part is an error,
// never a quieter report.
// A part is checked for its shape and its counts are recounted from its findings (zeroed
// or negative counts passed 18 errors; a result with an object `level` was dropped), and the parts
// are refused above a total size (`--max-size`) rather than crashing on a string V8 cannot hold.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { escapeControls } from '../format/escape';
import { isObject } from '../core/is-object';

export class MergeError extends Error {}

/** The total size of the parts merge reads by default, in MB: their text, parsed and written again, stays well below V8's longest string (~512 M characters). */
export const DEFAULT_MAX_MERGE_MB = 128;

/** The parts named, read; refused (MergeError) when one cannot be read or together they pass `maxMB`. */
export function readParts(names: string[], cwd: string, maxMB = DEFAULT_MAX_MERGE_MB): MergeInput[] {
  const files = names.map((name) => {
    const file = path.resolve(cwd, name);
    try {
      const st = statSync(file);
      if (!st.isFile()) throw Object.assign(new Error(), { code: 'not a regular file' });
      return { name, file, size: st.size };
    } catch (e) {
      throw new MergeError(`${name}: cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    }
  });
  const total = files.reduce((n, f) => n + f.size, 0);
  if (total > maxMB * 1048576) {
    const mb = (n: number) => (n / 1048576).toFixed(1);
    throw new MergeError(`the reports total ${mb(total)} MB (largest: ${[...files].sort((a, b) => b.size - a.size)[0].name}, ${mb(Math.max(...files.map((f) => f.size)))} MB), over the limit of ${maxMB} MB; raise it with --max-size <mb>, or shard the run into fewer findings per report (--quiet, a baseline)`);
  }
  return files.map(({ name, file }) => {
    try {
      return { name, text: readFileSync(file, 'utf8') };
    } catch (e) {
      throw new MergeError(`${name}: cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    }
  });
}

export interface MergeInput {
  name: string;
  text: string;
}

export interface MergeOutcome {
  format: 'json' | 'sarif';
  text: string;
  errors: number;
  warnings: number;
  files: number;
  parts: number;
}

interface JsonFileResult {
  filePath: string;
  errorCount: number;
  warningCount: number;
  diagnostics: { severity: string; occurrences?: number }[];
  [key: string]: unknown;
}

interface SarifRule {
  id: string;
  [key: string]: unknown;
}
interface SarifResult {
  ruleId?: string;
  ruleIndex?: number;
  level?: string;
  locations?: { physicalLocation?: { artifactLocation?: { uri?: string }; region?: { startLine?: number; startColumn?: number } } }[];
  [key: string]: unknown;
}
interface SarifRun {
  tool: { driver: { name: string; rules?: SarifRule[]; [key: string]: unknown } };
  results: SarifResult[];
  originalUriBaseIds?: unknown;
  properties?: { omlintShard?: string; [key: string]: unknown };
  [key: string]: unknown;
}
interface SarifLog {
  version: string;
  runs: SarifRun[];
  [key: string]: unknown;
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/**
 * Path order of a directory walk (each directory's entries sorted by name, depth first): the
 * order one run reports its files in, so a merged report reads like one run's.
 */
function byPath(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return byName(x[i], y[i]);
  return x.length - y.length;
}

function parse(input: MergeInput): { format: 'json'; value: JsonFileResult[] } | { format: 'sarif'; value: SarifLog } {
  let value: unknown;
  try {
    value = JSON.parse(input.text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new MergeError(`${input.name}: not JSON (${(e as Error).message}); merge reads the reports of \`omlint check --format json\` or \`--format sarif\``);
  }
  if (Array.isArray(value)) {
    value.forEach((r, i) => checkFileResult(r, `${input.name}: item ${i}`));
    return { format: 'json', value: value as JsonFileResult[] };
  }
  const log = value as SarifLog;
  if (log && typeof log === 'object' && log.version === '2.1.0' && Array.isArray(log.runs)) {
    if (log.runs.length !== 1 || log.runs[0]?.tool?.driver?.name !== 'omlint' || !Array.isArray(log.runs[0].results)) {
      throw new MergeError(`${input.name}: a SARIF log with one omlint run was expected`);
    }
    checkSarifRun(log.runs[0], `${input.name}: runs[0]`);
    return { format: 'sarif', value: log };
  }
  throw new MergeError(`${input.name}: neither an omlint JSON report (an array of file results) nor a SARIF 2.1.0 log`);
}

const COUNTED = { error: 'errorCount', warning: 'warningCount', info: 'infoCount' } as const;

/** An omlint JSON file result whose counts are those of its diagnostics; else MergeError naming `where`. */
function checkFileResult(r: unknown, where: string): void {
  const bad = (what: string) => new MergeError(`${where}: ${what}; not an omlint file result (filePath, errorCount, warningCount, infoCount, diagnostics)`);
  if (!isObject(r)) throw bad('not an object');
  if (typeof r.filePath !== 'string' || r.filePath === '') throw bad('no filePath');
  if (!Array.isArray(r.diagnostics)) throw bad('diagnostics is not an array');
  const counts = { error: 0, warning: 0, info: 0 };
  r.diagnostics.forEach((d: unknown, k) => {
    const at = `${r.filePath} diagnostics[${k}]`;
    if (!isObject(d)) throw bad(`${at} is not an object`);
    if (typeof d.ruleId !== 'string' || typeof d.message !== 'string') throw bad(`${at} has no ruleId or message`);
    if (d.severity !== 'error' && d.severity !== 'warning' && d.severity !== 'info') throw bad(`${at} has severity ${JSON.stringify(d.severity)}, not error, warning or info`);
    if (d.occurrences !== undefined && !(Number.isSafeInteger(d.occurrences) && (d.occurrences as number) > 0)) throw bad(`${at} has occurrences ${JSON.stringify(d.occurrences)}`);
    counts[d.severity] += (d.occurrences as number | undefined) ?? 1;
  });
  // A repeated finding counts each of its places, as the run that wrote the part did (engine/lint.ts).
  for (const [severity, field] of Object.entries(COUNTED) as [keyof typeof counts, string][]) {
    if (field === 'infoCount' && r.infoCount === undefined) continue; // older reports had no infoCount
    if (r[field] !== counts[severity]) throw new MergeError(`${where}: ${escapeControls(String(r.filePath))} says ${field} ${JSON.stringify(r[field])}, but its diagnostics hold ${counts[severity]} ${severity} finding${counts[severity] === 1 ? '' : 's'}; a part's counts must be its findings' (edited, or not written by omlint check)`);
  }
}

const LEVELS = new Set(['error', 'warning', 'note', 'none']);

/** An omlint SARIF run's results and rules of the shapes merge reads; else MergeError naming `where`. */
function checkSarifRun(run: SarifRun, where: string): void {
  const rules = run.tool.driver.rules;
  if (rules !== undefined && !(Array.isArray(rules) && rules.every((r) => isObject(r) && typeof r.id === 'string'))) throw new MergeError(`${where}.tool.driver.rules: not an array of rules with an id`);
  run.results.forEach((r: unknown, k) => {
    const bad = (what: string) => new MergeError(`${where}.results[${k}]: ${what}`);
    if (!isObject(r)) throw bad('not an object');
    // omlint writes a level on every result: one missing, or of another type, would not be counted.
    if (typeof r.level !== 'string' || !LEVELS.has(r.level)) throw bad(`level ${JSON.stringify(r.level)} is not one of error, warning, note, none`);
    if (r.ruleId !== undefined && typeof r.ruleId !== 'string') throw bad('ruleId is not a string');
    if (r.ruleIndex !== undefined && !(Number.isSafeInteger(r.ruleIndex) && (r.ruleIndex as number) >= 0 && (r.ruleIndex as number) < (rules?.length ?? 0))) throw bad(`ruleIndex ${JSON.stringify(r.ruleIndex)} names no rule of the run`);
    if (r.ruleId === undefined && r.ruleIndex === undefined) throw bad('no ruleId or ruleIndex');
    if (!isObject(r.message) || typeof r.message.text !== 'string') throw bad('message.text is not a string');
    if (r.locations === undefined) return;
    if (!Array.isArray(r.locations)) throw bad(`locations is ${JSON.stringify(r.locations).slice(0, 40)}, not an array`);
    r.locations.forEach((l: unknown, j) => {
      const physical = isObject(l) ? l.physicalLocation : undefined;
      const artifact = isObject(physical) ? physical.artifactLocation : undefined;
      const region = isObject(physical) ? physical.region : undefined;
      const ok = isObject(l) && (physical === undefined || (isObject(physical) && (artifact === undefined || (isObject(artifact) && (artifact.uri === undefined || typeof artifact.uri === 'string'))) && (region === undefined || (isObject(region) && (region.startLine === undefined || (Number.isSafeInteger(region.startLine) && (region.startLine as number) >= 1))))));
      if (!ok) throw bad(`locations[${j}] is not a SARIF location (physicalLocation.artifactLocation.uri, region.startLine)`);
    });
  });
}

/** Checks that the parts named in SARIF logs are 1..n of one n, each once. */
function checkParts(logs: { name: string; log: SarifLog }[]): number | undefined {
  const seen = new Map<number, string>();
  let total: number | undefined;
  for (const { name, log } of logs) {
    const shard = log.runs[0].properties?.omlintShard;
    if (shard === undefined) {
      if (logs.length > 1) throw new MergeError(`${name}: not the report of a sharded run (no runs[0].properties.omlintShard); run each part with --shard <i>/<n>`);
      continue;
    }
    const m = /^(\d+)\/(\d+)$/.exec(shard);
    if (!m) throw new MergeError(`${name}: malformed shard "${shard}"`);
    const [i, n] = [Number(m[1]), Number(m[2])];
    if (total !== undefined && n !== total) throw new MergeError(`${name}: part ${shard} of a run split ${n} ways, the others were split ${total} ways`);
    total = n;
    const before = seen.get(i);
    if (before !== undefined) throw new MergeError(`${name}: part ${i}/${n} was given twice (also ${before})`);
    seen.set(i, name);
  }
  if (total !== undefined && seen.size !== total) {
    const missing = Array.from({ length: total }, (_, k) => k + 1).filter((i) => !seen.has(i));
    throw new MergeError(`part${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${total}`).join(', ')} missing: a merged report without ${missing.length > 1 ? 'them' : 'it'} would pass what it never checked`);
  }
  return total;
}

function mergeJson(parts: { name: string; value: JsonFileResult[] }[], expect: number | undefined): MergeOutcome {
  // A JSON report is DESIGN.md's bare array: it cannot say which part it is, so only the count is checked.
  if (expect !== undefined && parts.length !== expect) throw new MergeError(`${parts.length} report${parts.length === 1 ? '' : 's'} given, --expect ${expect}: a merged report without the missing parts would pass what it never checked`);
  const owner = new Map<string, string>();
  const all: JsonFileResult[] = [];
  for (const { name, value } of parts) {
    for (const r of value) {
      const before = owner.get(r.filePath);
      if (before !== undefined) throw new MergeError(`${name}: ${r.filePath} is also in ${before}; the parts of a sharded run share no file`);
      owner.set(r.filePath, name);
      all.push(r);
    }
  }
  all.sort((a, b) => byPath(a.filePath.split('\\').join('/'), b.filePath.split('\\').join('/')));
  return {
    format: 'json',
    text: JSON.stringify(all) + '\n',
    errors: all.reduce((n, r) => n + r.errorCount, 0),
    warnings: all.reduce((n, r) => n + r.warningCount, 0),
    files: all.length,
    parts: parts.length,
  };
}

const uriOf = (r: SarifResult) => r.locations?.[0]?.physicalLocation?.artifactLocation?.uri ?? '';

function mergeSarif(parts: { name: string; value: SarifLog }[], expect: number | undefined): MergeOutcome {
  const total = checkParts(parts.map((p) => ({ name: p.name, log: p.value })));
  if (expect !== undefined && (total ?? parts.length) !== expect) throw new MergeError(`the parts were split ${total ?? parts.length} ways, --expect ${expect}`);
  const first = parts[0].value.runs[0];
  const base = JSON.stringify(first.originalUriBaseIds ?? null);
  const rules = new Map<string, SarifRule>();
  const results: SarifResult[] = [];
  for (const { name, value } of parts) {
    const run = value.runs[0];
    if (JSON.stringify(run.originalUriBaseIds ?? null) !== base) throw new MergeError(`${name}: its paths are relative to another root than ${parts[0].name}'s; run every part from the same directory`);
    const own = run.tool.driver.rules ?? [];
    for (const rule of own) if (!rules.has(rule.id)) rules.set(rule.id, rule);
    for (const r of run.results) results.push({ ...r, ruleId: r.ruleId ?? (r.ruleIndex !== undefined ? own[r.ruleIndex]?.id : undefined) });
  }
  const ruleList = [...rules.values()].sort((a, b) => byName(a.id, b.id));
  const index = new Map(ruleList.map((r, i) => [r.id, i]));
  // Stable: the order of results inside a file is the order its part reported them in.
  const ordered = results.map((r, i) => ({ r, i })).sort((a, b) => byPath(uriOf(a.r), uriOf(b.r)) || a.i - b.i).map(({ r }) => (r.ruleId !== undefined && index.has(r.ruleId) ? { ...r, ruleIndex: index.get(r.ruleId) } : r));
  const { properties, ...rest } = first;
  const { omlintShard: _part, ...otherProperties } = properties ?? {};
  const run: SarifRun = {
    ...rest,
    tool: { ...first.tool, driver: { ...first.tool.driver, rules: ruleList } },
    results: ordered,
    ...(Object.keys(otherProperties).length ? { properties: otherProperties } : {}),
  };
  const log: SarifLog = { ...parts[0].value, runs: [run] };
  return {
    format: 'sarif',
    text: JSON.stringify(log, null, 2) + '\n',
    errors: ordered.filter((r) => r.level === 'error').length,
    warnings: ordered.filter((r) => r.level === 'warning').length,
    files: new Set(ordered.map(uriOf)).size,
    parts: parts.length,
  };
}

/** Merges the reports of a sharded run; all inputs of one format. */
export function mergeReports(inputs: MergeInput[], expect?: number): MergeOutcome {
  if (inputs.length === 0) throw new MergeError('no reports to merge');
  const parsed = inputs.map((i) => ({ name: i.name, ...parse(i) }));
  const formats = new Set(parsed.map((p) => p.format));
  if (formats.size > 1) throw new MergeError(`the reports mix JSON and SARIF (${parsed.map((p) => `${p.name}: ${p.format}`).join(', ')}); merge reports of one format`);
  if (parsed[0].format === 'json') return mergeJson(parsed as { name: string; value: JsonFileResult[] }[], expect);
  return mergeSarif(parsed as { name: string; value: SarifLog }[], expect);
}
