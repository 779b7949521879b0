// What an alert test file names (docs/alert-tests.md): the names of the configurations and
// windows it loads, its hosts, and the times and series it writes; read by the rule
// alert-test-references (positions in `omlint check`) and by the `omlint test` runner.
import { isObject } from '../core/is-object';
import { parseDuration, parseSeries } from './alert-series';
import { parseTimestamp } from './timestamps';

const isRecord = isObject as (v: unknown) => v is Record<string, any>; // the shared test, typed for the loose reads of parsed test files

/** The name of a loaded file's documents: its file name without the directory, the kind and the extension. */
export function loadedName(path: string): string {
  const base = path.split(/[\\/]/).pop() ?? path;
  return base.replace(/\.(json|ya?ml)$/i, '').replace(/\.(alert-config|global-alert-config|maintenance-window)$/, '');
}

/** A time of the test: ms after `start` (a duration) or an absolute instant; undefined when unreadable. */
export function resolveTime(text: unknown, start: number): number | undefined {
  const d = parseDuration(text);
  if (d !== undefined) return start + d;
  const t = typeof text === 'string' && /Z$/.test(text) ? parseTimestamp(text) : undefined;
  return t?.epochMs;
}

/** The id a test uses for a host: its `id`, else its hostname. */
export function hostId(h: Record<string, unknown>): string {
  return typeof h.id === 'string' ? h.id : String(h.hostname);
}

export interface TestFileProblem {
  pointer: string;
  messageId: 'badSeries' | 'unknownHost' | 'unknownConfig' | 'unknownWindow' | 'duplicateHost' | 'badTime' | 'beforeStart';
  data: Record<string, string>;
}

/** The references and notations of an alert test that do not resolve (the schema checks the shapes). */
export function checkAlertTest(doc: unknown): TestFileProblem[] {
  const out: TestFileProblem[] = [];
  if (!isRecord(doc)) return out;
  const start = parseTimestamp(doc.start)?.epochMs ?? 0;
  const hosts = new Set<string>();
  const deployment = isRecord(doc.deployment) ? doc.deployment : {};
  (Array.isArray(deployment.hosts) ? deployment.hosts : []).forEach((h: unknown, i: number) => {
    if (!isRecord(h)) return;
    const id = hostId(h);
    if (hosts.has(id)) out.push({ pointer: `/deployment/hosts/${i}`, messageId: 'duplicateHost', data: { id } });
    hosts.add(id);
  });
  const load = isRecord(doc.load) ? doc.load : {};
  const names = (key: string) => (Array.isArray(load[key]) ? load[key] : []).filter((p: unknown) => typeof p === 'string').map(loadedName);
  const configs = new Set<string>([...names('alertConfigs'), ...names('globalAlertConfigs')]);
  const windows = new Set<string>(names('maintenanceWindows'));
  const knownHost = (v: unknown, pointer: string) => {
    if (typeof v === 'string' && !hosts.has(v)) out.push({ pointer, messageId: 'unknownHost', data: { id: v, hosts: [...hosts].join(', ') } });
  };
  const knownConfig = (v: unknown, pointer: string) => {
    if (typeof v === 'string' && !configs.has(v.replace(/#\d+$/, ''))) out.push({ pointer, messageId: 'unknownConfig', data: { name: v, names: [...configs].join(', ') || 'none' } });
  };
  const time = (v: unknown, pointer: string) => {
    if (v === undefined) return;
    const t = resolveTime(v, start);
    if (t === undefined) out.push({ pointer, messageId: 'badTime', data: { value: String(v) } });
    else if (t < start) out.push({ pointer, messageId: 'beforeStart', data: { value: String(v) } });
  };
  const series = isRecord(doc.series) ? doc.series : {};
  for (const [host, metrics] of Object.entries(series)) {
    knownHost(host, `/series/${escape(host)}`);
    if (!isRecord(metrics)) continue;
    for (const [metric, text] of Object.entries(metrics)) {
      if (typeof text !== 'string') continue;
      const parsed = parseSeries(text);
      if ('error' in parsed) out.push({ pointer: `/series/${escape(host)}/${escape(metric)}`, messageId: 'badSeries', data: { reason: parsed.error } });
    }
  }
  const each = (key: string, fn: (item: Record<string, any>, pointer: string) => void) =>
    (Array.isArray(doc[key]) ? doc[key] : []).forEach((item: unknown, i: number) => isRecord(item) && fn(item, `/${key}/${i}`));
  each('events', (e, p) => { time(e.at, `${p}/at`); knownHost(e.host, `${p}/host`); });
  each('acknowledgements', (a, p) => { time(a.at, `${p}/at`); time(a.until, `${p}/until`); knownHost(a.host, `${p}/host`); knownConfig(a.config, `${p}/config`); });
  each('windowDeletions', (w, p) => {
    time(w.at, `${p}/at`);
    if (typeof w.window === 'string' && !windows.has(w.window)) out.push({ pointer: `${p}/window`, messageId: 'unknownWindow', data: { name: w.window, names: [...windows].join(', ') || 'none' } });
  });
  time(doc.until, '/until');
  each('cases', (c, p) => {
    time(c.at, `${p}/at`);
    time(c.from, `${p}/from`);
    for (const key of ['alerts', 'notifications']) {
      (Array.isArray(c[key]) ? c[key] : []).forEach((x: unknown, i: number) => {
        if (!isRecord(x)) return;
        knownHost(x.host, `${p}/${key}/${i}/host`);
        knownConfig(x.config, `${p}/${key}/${i}/config`);
        for (const t of key === 'alerts' ? ['lastNotified', 'resolved'] : ['at']) time(x[t], `${p}/${key}/${i}/${t}`);
      });
    }
  });
  return out;
}

const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
