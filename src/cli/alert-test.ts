// `omlint test <files|dirs>`: runs alert tests (kind alert-test, docs/alert-tests.md)
// through the evaluator of src/model/alert-eval.ts and reports each case as a test runner does:
// pass or fail, and on failure the difference and the timeline of what happened. A test file or
// a file it loads that cannot be used is bad input (exit 2, at file:line:column), never a crash.
import { isObject } from '../core/is-object';
import path from 'node:path';
import { IGNORE_FILE, findFiles } from './files';
import { lint, displayPath } from '../engine/lint';
import { readInput } from '../io/read-input';
import { parseText } from '../syntax/index';
import type { SourceFile } from '../syntax/source-file';
import {
  advance, createEvaluator, DEFAULT_ALERT_SETTINGS, listedAlerts, slotOf,
  type Alert, type AlertSettings, type EvalConfig, type EvalHost, type EvalInputs, type EvalState, type EvalWindow, type SentNotification, type Transition,
} from '../model/alert-eval';
import { formatDuration, parseDuration, parseSeries } from '../model/alert-series';
import { hostId, loadedName, resolveTime } from '../model/alert-test-file';
import { parseTimestamp } from '../model/timestamps';
import { xmlAttr, xmlText } from '../format/junit';

export type TestFormat = 'stylish' | 'json' | 'junit';

/** A problem with a test file or a file it loads: where, and what. */
export interface FileProblem {
  filePath: string;
  line: number;
  column: number;
  message: string;
}

export interface CaseResult {
  name: string;
  passed: boolean;
  /** Expected entries not found, and entries found but not expected (one line each). */
  missing: string[];
  extra: string[];
  timeline: string[];
}

export interface TestFileResult {
  filePath: string;
  problems: FileProblem[];
  cases: CaseResult[];
  /** Loaded configurations that are not simulated, and why. */
  notes: string[];
}

const isRecord = isObject as (v: unknown) => v is Record<string, any>; // the shared test, typed for the loose reads of parsed test files
const TEST_FILE = /\.alert-test\.(ya?ml|json)$/i;
/** Most evaluation steps one test may take (a year of one-minute steps). */
const MAX_STEPS = 600_000;

export interface FoundTests {
  /** In the walk's order; what cannot be read (a directory that cannot be listed, a named FIFO or dangling link) with its problem. */
  files: { filePath: string; problem?: FileProblem }[];
  /** Named paths that do not exist. */
  missing: string[];
  /** Skipped with a word, as `check` says it ("path: reason"). */
  notes: string[];
  /** Alert test files and directories (named or walked) an ignore pattern kept out. */
  ignored: string[];
}

/**
 * The alert test files of the given paths, found as `check` finds files (src/cli/files.ts:
 * .omlintignore and the configurations' ignore lists, links followed, loops and dangling links
 * noted, globs): named files as they are, of walked directories the `*.alert-test.*` ones.
 */
export function findTestFiles(paths: readonly string[], cwd: string, isIgnored?: (filePath: string) => boolean): FoundTests {
  const found = findFiles([...paths], { cwd, isIgnored });
  const files: FoundTests['files'] = [];
  for (const f of found.files) {
    if (f.problem) files.push({ filePath: f.filePath, problem: { filePath: displayPath(f.filePath, cwd), line: 1, column: 1, message: f.problem.message } });
    // A walk's other documents are not tests: passed over, as a walk of `check` passes over files of no known kind.
    else if (!f.discovered || TEST_FILE.test(path.basename(f.filePath))) files.push({ filePath: f.filePath });
  }
  // Tests and directories that an ignore pattern kept out: each named in a note (a directory's tests
  // would vanish without a word), and in the message when nothing is left.
  const notes = [...found.notes];
  const ignored: string[] = [];
  const by = (p: string) => (isIgnored?.(p) ? "the configuration's ignore list" : IGNORE_FILE);
  for (const m of found.perArgument) {
    const dirs = new Set(m.ignoredDirs);
    for (const d of m.ignoredDirs) {
      ignored.push(d);
      notes.push(`${displayPath(d, cwd)}: directory ignored by ${by(d)}; not searched for alert tests`);
    }
    const named = path.resolve(cwd, m.argument);
    for (const p of m.ignored) {
      if (dirs.has(p)) continue;
      if (p === named) ignored.push(p); // findFiles noted it
      else if (TEST_FILE.test(path.basename(p))) {
        ignored.push(p);
        notes.push(`${displayPath(p, cwd)}: alert test ignored by ${by(p)}; not run`);
      }
    }
  }
  return { files, missing: found.missing, notes, ignored };
}

interface Loaded {
  configs: EvalConfig[];
  windows: EvalWindow[];
}

class BadInput extends Error {
  constructor(readonly problem: FileProblem) {
    super(problem.message);
  }
}

function at(sf: SourceFile, filePath: string, pointer: string, message: string): FileProblem {
  const loc = sf.locate(pointer);
  const pos = loc ? sf.lines.position((loc.key ?? loc.value).start) : { line: 1, column: 1 };
  return { filePath, line: pos.line, column: pos.column, message };
}

/** The documents of the files a test loads, named by file (and `#n` in a file of several). */
function loadFiles(doc: Record<string, any>, sf: SourceFile, testPath: string, cwd: string): Loaded {
  const dir = path.dirname(testPath);
  const load = isRecord(doc.load) ? doc.load : {};
  const configs: EvalConfig[] = [];
  const windows: EvalWindow[] = [];
  for (const key of ['alertConfigs', 'globalAlertConfigs', 'maintenanceWindows'] as const) {
    (Array.isArray(load[key]) ? load[key] : []).forEach((rel: string, i: number) => {
      const pointer = `/load/${key}/${i}`;
      const file = path.resolve(dir, rel);
      const input = readInput(file);
      if (input.problem) throw new BadInput(at(sf, displayPath(testPath, cwd), pointer, `${rel}: ${input.problem.message}`));
      const parsed = parseText(input.text, file);
      const unusable = parsed.problems[0];
      if (unusable) throw new BadInput(at(sf, displayPath(testPath, cwd), pointer, `${rel} cannot be read: ${unusable.message}`));
      const values = parsed.documents.filter((d) => !d.empty && !d.unusable).flatMap((d) => (Array.isArray(d.value) ? d.value : [d.value])).filter(isRecord);
      if (values.length === 0) throw new BadInput(at(sf, displayPath(testPath, cwd), pointer, `${rel} holds no document`));
      const base = loadedName(rel);
      values.forEach((v, n) => {
        const name = values.length === 1 ? base : `${base}#${n}`;
        if (key === 'maintenanceWindows') {
          const start = parseTimestamp(v.startDate)?.epochMs;
          const end = parseTimestamp(v.endDate)?.epochMs;
          if (start === undefined || end === undefined || !Array.isArray(v.alertTypeNames)) throw new BadInput(at(sf, displayPath(testPath, cwd), pointer, `${rel}: a maintenance window needs alertTypeNames, startDate and endDate`));
          windows.push({ name, alertTypeNames: v.alertTypeNames.map(String), start, end });
        } else {
          if (typeof v.eventTypeName !== 'string') throw new BadInput(at(sf, displayPath(testPath, cwd), pointer, `${rel}: document ${n} is no alert configuration (no eventTypeName)`));
          configs.push({ name, doc: v, global: key === 'globalAlertConfigs' });
        }
      });
    });
  }
  return { configs, windows };
}

/** The file's settings over the defaults (the schema has checked their values). */
function settingsOf(doc: Record<string, any>): Partial<AlertSettings> {
  const s = isRecord(doc.settings) ? doc.settings : {};
  const out: Partial<AlertSettings> = { ...s };
  delete (out as Record<string, unknown>).averageWindow;
  if (typeof s.averageWindow === 'string') out.averageWindowMs = parseDuration(s.averageWindow) ?? DEFAULT_ALERT_SETTINGS.averageWindowMs;
  return out;
}

interface Run {
  start: number;
  state: EvalState;
  transitions: Transition[];
  notifications: SentNotification[];
  /** Alerts listed at each case's time. */
  snapshots: Map<number, Alert[]>;
  hostLabel: Map<string, string>;
}

/** Runs the evaluator over a test's inputs: every step of its series and every time it names. */
function simulate(doc: Record<string, any>, loaded: Loaded, caseTimes: number[]): Run {
  const start = parseTimestamp(doc.start)!.epochMs;
  const step = parseDuration(doc.step ?? '1m') || 60_000;
  const hosts: EvalHost[] = (doc.deployment.hosts as Record<string, any>[]).map((h) => ({
    id: hostId(h), hostname: h.hostname, port: h.port ?? 27017, typeName: h.typeName,
    replicaSetName: h.replicaSetName, shardName: h.shardName, clusterName: h.clusterName,
  }));
  const state = createEvaluator({
    start, hosts, configs: loaded.configs, windows: loaded.windows, groupId: doc.deployment.groupId, tags: doc.deployment.tags,
    seriesUnits: doc.units, settings: settingsOf(doc),
  });
  // Series: per slot its samples; slots no configuration watches are left out.
  const series: { slot: number; values: Float64Array }[] = [];
  let samples = 0;
  for (const [host, metrics] of Object.entries((doc.series ?? {}) as Record<string, Record<string, string>>)) {
    for (const [metric, text] of Object.entries(metrics)) {
      const parsed = parseSeries(text);
      if ('error' in parsed) continue; // the lint before the run refused it
      samples = Math.max(samples, parsed.values.length);
      const slot = slotOf(state, host, metric);
      if (slot >= 0) series.push({ slot, values: parsed.values });
    }
  }
  const inputs = new Map<number, EvalInputs & { events: any[]; acknowledgements: any[]; deleteWindows: string[] }>();
  const inputAt = (t: number) => {
    let i = inputs.get(t);
    if (!i) inputs.set(t, (i = { events: [], acknowledgements: [], deleteWindows: [] }));
    return i;
  };
  const label = new Map(hosts.map((h) => [h.id, `${h.hostname}:${h.port}`]));
  const targetOf = (x: Record<string, any>) => (x.host !== undefined ? label.get(x.host) ?? x.host : x.replicaSet ?? 'project');
  for (const e of doc.events ?? []) inputAt(resolveTime(e.at, start)!).events.push({ type: e.type, host: e.host, agent: e.agent });
  for (const a of doc.acknowledgements ?? []) {
    inputAt(resolveTime(a.at, start)!).acknowledgements.push({ config: a.config, target: targetOf(a), until: resolveTime(a.until, start)!, comment: a.comment, username: a.username });
  }
  for (const w of doc.windowDeletions ?? []) inputAt(resolveTime(w.at, start)!).deleteWindows.push(w.window);
  const lastInput = Math.max(start, ...inputs.keys(), ...caseTimes);
  const end = doc.until !== undefined ? resolveTime(doc.until, start)! : Math.max(lastInput, start + (samples - 1) * step);
  const steps = Math.floor((end - start) / step) + 1;
  if (steps > MAX_STEPS) throw new Error(`the test spans ${steps} steps of ${formatDuration(step)}; at most ${MAX_STEPS} are run: shorten it or lengthen the step`);
  // Evaluation times: the grid of steps and each time an input or a case names, in order.
  const times = new Set<number>();
  for (let k = 0; k < steps; k++) times.add(start + k * step);
  for (const t of [...inputs.keys(), ...caseTimes]) if (t <= end) times.add(t);
  const ordered = [...times].sort((a, b) => a - b);
  const caseSet = new Set(caseTimes);
  const run: Run = { start, state, transitions: [], notifications: [], snapshots: new Map(), hostLabel: label };
  const slots = new Float64Array(series.length);
  const values = new Float64Array(series.length);
  for (let k = 0; k < series.length; k++) slots[k] = series[k].slot;
  for (const t of ordered) {
    const i = inputs.get(t) ?? {};
    const offset = t - start;
    let sampleInput: EvalInputs['samples'];
    if (offset % step === 0) {
      const k = offset / step;
      for (let s = 0; s < series.length; s++) values[s] = k < series[s].values.length ? series[s].values[k] : NaN;
      sampleInput = { slots, values };
    }
    const r = advance(state, t, { ...i, samples: sampleInput });
    run.transitions.push(...r.transitions);
    run.notifications.push(...r.notifications);
    if (caseSet.has(t)) run.snapshots.set(t, listedAlerts(state));
  }
  return run;
}

const rel = (t: number, start: number) => `+${formatDuration(t - start)}`;

/** The timeline of a run: each transition and notification, in time order, one line each. */
export function timeline(run: Pick<Run, 'transitions' | 'notifications' | 'start'>, until = Infinity): string[] {
  const lines: { at: number; text: string }[] = [];
  for (const t of run.transitions) {
    if (t.at > until) continue;
    const who = t.config ? `${t.config} ${t.target}` : 'window';
    lines.push({ at: t.at, text: `${who}: ${t.what}${t.detail ? ` (${t.detail})` : ''}` });
  }
  for (const n of run.notifications) {
    if (n.at > until) continue;
    lines.push({ at: n.at, text: `${n.config} ${n.target}: notification${n.kind === 'resolved' ? ' of resolution' : ''} to ${n.channel}${n.note ? ` (${n.note})` : ''}` });
  }
  lines.sort((a, b) => a.at - b.at);
  return lines.map((l) => `${rel(l.at, run.start).padEnd(8)} ${new Date(l.at).toISOString().replace(':00.000Z', 'Z')}  ${l.text}`);
}

/** Compares one case: expected entries matched one to one with what happened. */
function judgeCase(c: Record<string, any>, run: Run): CaseResult {
  const start = run.start;
  const when = resolveTime(c.at, start)!;
  const targetOf = (x: Record<string, any>) => (x.host !== undefined ? run.hostLabel.get(x.host) ?? x.host : x.replicaSet ?? 'project');
  const missing: string[] = [];
  const extra: string[] = [];
  if (Array.isArray(c.alerts)) {
    const actual = [...(run.snapshots.get(when) ?? [])];
    const used = new Set<Alert>();
    const show = (a: { config: string; target: string; status: string }, extraFields = '') => `alert ${a.config} ${a.target} ${a.status}${extraFields}`;
    for (const e of c.alerts as Record<string, any>[]) {
      const target = targetOf(e);
      const wantTime = (k: 'lastNotified' | 'resolved') => (e[k] === undefined ? undefined : resolveTime(e[k], start));
      const fields = (['lastNotified', 'resolved'] as const).filter((k) => e[k] !== undefined);
      const found = actual.find((a) => !used.has(a) && a.config === e.config && a.target === target && a.status === e.status && fields.every((k) => a[k] === wantTime(k)));
      const fieldText = (a: Partial<Alert>) => fields.map((k) => ` ${k}=${a[k] === undefined ? '-' : rel(a[k]!, start)}`).join('');
      if (found) used.add(found);
      else missing.push(show({ config: e.config, target, status: e.status }, fieldText(Object.fromEntries(fields.map((k) => [k, wantTime(k)])))));
    }
    for (const a of actual) if (!used.has(a)) extra.push(show(a, (['lastNotified', 'resolved'] as const).map((k) => (a[k] === undefined ? '' : ` ${k}=${rel(a[k]!, start)}`)).join('')));
  }
  if (Array.isArray(c.notifications)) {
    const from = c.from === undefined ? start : resolveTime(c.from, start)!;
    const actual = run.notifications.filter((n) => n.at >= from && n.at <= when);
    const used = new Set<SentNotification>();
    const show = (at: number, config: string, target: string, to: string, resolved: boolean) => `notification ${rel(at, start)} ${config} ${target} to ${to}${resolved ? ' (resolved)' : ''}`;
    for (const e of c.notifications as Record<string, any>[]) {
      const t = resolveTime(e.at, start)!;
      const target = targetOf(e);
      const found = actual.find((n) => !used.has(n) && n.at === t && n.config === e.config && n.target === target && (n.kind === 'resolved') === (e.resolved === true) && (e.to === n.typeName || e.to === n.channel));
      if (found) used.add(found);
      else missing.push(show(t, e.config, target, e.to, e.resolved === true));
    }
    for (const n of actual) if (!used.has(n)) extra.push(show(n.at, n.config, n.target, n.channel, n.kind === 'resolved'));
  }
  const passed = missing.length === 0 && extra.length === 0;
  return { name: String(c.name), passed, missing, extra, timeline: passed ? [] : timeline(run, when) };
}

/** Runs one test file. Bad input becomes `problems` (and no cases). */
export async function runTestFile(filePath: string, cwd: string, now: Date): Promise<TestFileResult> {
  const shown = displayPath(filePath, cwd);
  const result: TestFileResult = { filePath: shown, problems: [], cases: [], notes: [] };
  const input = readInput(filePath);
  const [linted] = await lint([input], { kind: 'alert-test', now, cwd });
  const errors = linted.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) {
    result.problems = errors.map((d) => ({ filePath: shown, line: d.range.start.line, column: d.range.start.column, message: `${d.message} (${d.ruleId})` }));
    return result;
  }
  const sf = parseText(input.text, filePath);
  const doc = sf.value(0);
  if (!isRecord(doc)) {
    result.problems = [{ filePath: shown, line: 1, column: 1, message: 'an alert test is one mapping (a YAML or JSON object)' }];
    return result;
  }
  try {
    const loaded = loadFiles(doc, sf, filePath, cwd);
    const start = parseTimestamp(doc.start)!.epochMs;
    const cases = doc.cases as Record<string, any>[];
    const run = simulate(doc, loaded, cases.map((c) => resolveTime(c.at, start)!));
    result.notes = run.state.unsimulated.map((u) => `${u.config}: not simulated: ${u.reason}`);
    result.cases = cases.map((c) => judgeCase(c, run));
  } catch (e) {
    if (e instanceof BadInput) result.problems = [e.problem];
    else if (e instanceof Error && !(e instanceof TypeError) && !(e instanceof ReferenceError)) result.problems = [{ filePath: shown, line: 1, column: 1, message: e.message }];
    else throw e;
  }
  return result;
}

/** The exit code of results: 2 when a file could not be run, else 1 when a case failed, else 0. */
export function exitCodeOf(results: readonly TestFileResult[]): number {
  if (results.some((r) => r.problems.length > 0)) return 2;
  return results.some((r) => r.cases.some((c) => !c.passed)) ? 1 : 0;
}

export function formatTestResults(results: readonly TestFileResult[], format: TestFormat): string {
  const cases = results.flatMap((r) => r.cases);
  const failed = cases.filter((c) => !c.passed).length;
  if (format === 'json') {
    return `${JSON.stringify({ files: results, summary: { files: results.length, cases: cases.length, passed: cases.length - failed, failed, problems: results.reduce((n, r) => n + r.problems.length, 0) } }, null, 2)}\n`;
  }
  if (format === 'junit') {
    const out = ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites name="omlint test" tests="${cases.length + results.filter((r) => r.problems.length).length}" failures="${failed}" errors="${results.filter((r) => r.problems.length).length}">`];
    for (const r of results) {
      const f = r.cases.filter((c) => !c.passed).length;
      out.push(`  <testsuite name="${xmlAttr(r.filePath)}" tests="${r.cases.length || 1}" failures="${f}" errors="${r.problems.length ? 1 : 0}" skipped="0">`);
      if (r.problems.length) {
        const text = r.problems.map((p) => `${p.filePath}:${p.line}:${p.column} ${p.message}`).join('\n');
        out.push(`    <testcase name="${xmlAttr(r.filePath)}" classname="${xmlAttr(r.filePath)}" time="0">`, `      <error message="${xmlAttr(r.problems[0].message)}">${xmlText(text)}</error>`, '    </testcase>');
      }
      for (const c of r.cases) {
        if (c.passed) out.push(`    <testcase name="${xmlAttr(c.name)}" classname="${xmlAttr(r.filePath)}" time="0"/>`);
        else {
          out.push(`    <testcase name="${xmlAttr(c.name)}" classname="${xmlAttr(r.filePath)}" time="0">`);
          out.push(`      <failure message="${xmlAttr(`${c.missing.length} missing, ${c.extra.length} unexpected`)}">${xmlText(caseBody(c).join('\n'))}</failure>`, '    </testcase>');
        }
      }
      out.push('  </testsuite>');
    }
    out.push('</testsuites>', '');
    return out.join('\n');
  }
  const out: string[] = [];
  for (const r of results) {
    out.push(r.filePath);
    for (const p of r.problems) out.push(`  ${p.filePath}:${p.line}:${p.column}  error  ${p.message}`);
    for (const n of r.notes) out.push(`  note ${n}`);
    for (const c of r.cases) {
      out.push(`  ${c.passed ? 'ok  ' : 'FAIL'} ${c.name}`);
      if (!c.passed) out.push(...caseBody(c).map((l) => `       ${l}`));
    }
    out.push('');
  }
  const problems = results.filter((r) => r.problems.length).length;
  out.push(`${cases.length} case${cases.length === 1 ? '' : 's'}: ${cases.length - failed} passed, ${failed} failed${problems ? `; ${problems} file${problems === 1 ? '' : 's'} could not be run` : ''}`);
  return `${out.join('\n')}\n`;
}

function caseBody(c: CaseResult): string[] {
  return [
    ...c.missing.map((m) => `expected, not found: ${m}`),
    ...c.extra.map((m) => `found, not expected: ${m}`),
    'timeline:',
    ...(c.timeline.length ? c.timeline.map((l) => `  ${l}`) : ['  (nothing happened)']),
  ];
}

export interface ExplainOptions {
  /** `METRIC: notation` for the one host of the explanation. */
  series: string[];
  /** `<time> <HOST_DOWN|HOST_UP|…>` */
  events: string[];
  windows: string[];
  step?: string;
  global?: boolean;
}

/** Thrown for what the user wrote wrong in --explain's options (exit 2). */
export class ExplainUsageError extends Error {}

const EXPLAIN_START = '2026-01-05T00:00:00Z';

/**
 * `omlint test --explain <alert-config>`: the timeline of one configuration (every document of
 * the file) over series of one host (db1.example.com:27017, PRIMARY of rs0), without expectations.
 */
export function explainAlert(configPath: string, o: ExplainOptions, cwd: string): string {
  const series: Record<string, string> = {};
  for (const s of o.series) {
    const m = /^\s*([A-Z0-9_]+)\s*:\s*(.*)$/.exec(s);
    if (!m) throw new ExplainUsageError(`--series "${s}": write METRIC: values, e.g. "CONNECTIONS: 100 200 5000x10"`);
    const parsed = parseSeries(m[2]);
    if ('error' in parsed) throw new ExplainUsageError(`--series "${s}": ${parsed.error}`);
    series[m[1]] = m[2];
  }
  const events = o.events.map((e) => {
    const m = /^\s*(\S+)\s+([A-Z_]+)\s*$/.exec(e);
    const type = m?.[2];
    if (!m || parseDuration(m[1]) === undefined || !['HOST_DOWN', 'HOST_UP', 'MEMBER_UNHEALTHY', 'MEMBER_HEALTHY', 'AGENT_DOWN', 'AGENT_UP', 'HOST_REMOVED'].includes(type!)) {
      throw new ExplainUsageError(`--event "${e}": write <time> <type>, e.g. "10m HOST_DOWN" (types: HOST_DOWN, HOST_UP, MEMBER_UNHEALTHY, MEMBER_HEALTHY, AGENT_DOWN, AGENT_UP, HOST_REMOVED)`);
    }
    return { at: m[1], type, host: 'db1' };
  });
  if (o.step !== undefined && !parseDuration(o.step)) throw new ExplainUsageError(`--step "${o.step}": write a duration such as 1m or 30s`);
  const doc: Record<string, any> = {
    start: EXPLAIN_START,
    step: o.step ?? '1m',
    load: { [o.global ? 'globalAlertConfigs' : 'alertConfigs']: [path.resolve(cwd, configPath)], maintenanceWindows: o.windows.map((w) => path.resolve(cwd, w)) },
    deployment: { hosts: [{ id: 'db1', hostname: 'db1.example.com', port: 27017, typeName: 'PRIMARY', replicaSetName: 'rs0' }], groupId: undefined },
    series: { db1: series },
    events,
    cases: [],
  };
  const sf = parseText('{}', 'explain.json');
  let loaded: Loaded;
  try {
    loaded = loadFiles(doc, sf, path.join(cwd, 'explain'), cwd);
  } catch (e) {
    if (e instanceof BadInput) throw new ExplainUsageError(e.problem.message);
    throw e;
  }
  if (o.global) for (const c of loaded.configs) doc.deployment.groupId ??= Array.isArray(c.doc.groupIds) ? c.doc.groupIds[0] : undefined;
  const run = simulate(doc, loaded, []);
  const lines = timeline(run);
  const notes = run.state.unsimulated.map((u) => `note ${u.config}: not simulated: ${u.reason}`);
  const pages = run.notifications.filter((n) => n.kind === 'alert');
  const summary = pages.length ? `${pages.length} notification${pages.length === 1 ? '' : 's'}, the first ${rel(pages[0].at, run.start)} to ${pages[0].channel}` : 'no notification';
  return `${[`${displayPath(path.resolve(cwd, configPath), cwd)} over ${EXPLAIN_START} + series (host db1.example.com:27017, PRIMARY of rs0)`, ...notes, ...(lines.length ? lines : ['(nothing happened)']), summary].join('\n')}\n`;
}
