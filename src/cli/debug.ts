// --debug: what a run did, on stderr (stdout keeps the report): the files found and skipped and
// why, each document's kind and where it came from, and the time of each phase.
import { displayPath, type KindReport } from '../engine/lint';
import type { FileResult } from '../core/types';
import type { FoundFiles } from './files';
import type { KindSource } from '../kinds/detect';

const SOURCE_NAMES: Record<KindSource, string> = {
  option: '--kind',
  config: 'config override',
  modeline: 'modeline',
  'file-name': 'file name',
  content: 'content',
};

export interface DebugLog {
  (message: string): void;
  /** Runs a phase and records its time. */
  phase<T>(name: string, run: () => T): T;
  /** Records the time of a phase run elsewhere. */
  record(name: string, ms: number): void;
  /** The time of each phase, in the order they ran. */
  timings(): string;
}

export function debugLog(stderr: { write(s: string): unknown }, enabled: boolean): DebugLog | undefined {
  if (!enabled) return undefined;
  const phases: [string, number][] = [];
  const log = ((message: string) => void stderr.write(`omlint:debug ${message}\n`)) as DebugLog;
  log.phase = <T>(name: string, run: () => T): T => {
    const start = performance.now();
    const done = () => phases.push([name, performance.now() - start]);
    const out = run();
    if (out instanceof Promise) return out.finally(done) as T;
    done();
    return out;
  };
  log.record = (name: string, ms: number) => void phases.push([name, ms]);
  log.timings = () => phases.map(([name, ms]) => `${name} ${ms.toFixed(1)} ms`).join(', ');
  return log;
}

/** One line per document: `file: document 0 alert-config (modeline)`, or why it has no kind; or why the file was skipped. */
export function describeKinds(file: string, documents: KindReport[], skipped: string | false): string[] {
  if (skipped) return [`skip ${file}: ${skipped}`];
  if (documents.length === 0) return [`${file}: no document (comments only)`];
  return documents.map((d) => {
    const where = `document ${d.documentIndex}${d.base ? ` ${d.base}` : ''}`;
    return d.kind ? `${file}: ${where} ${d.kind} (from ${SOURCE_NAMES[d.source ?? 'content']})` : `${file}: ${where} no kind (${(d.problem ?? 'unknown').split('. ')[0]})`;
  });
}

/** Each file of a run: its documents' kinds, why it was skipped, or that its result came from the cache. */
export function describeRun(files: string[], reports: Map<string, { documents: KindReport[]; skipped: string | false }>, results: FileResult[], cwd: string): string[] {
  const byName = new Map(results.map((r) => [r.filePath, r]));
  return files.flatMap((f) => {
    const name = displayPath(f, cwd);
    const report = reports.get(f);
    if (report) return describeKinds(name, report.documents, report.skipped);
    const cached = byName.get(name);
    return cached ? [`${name}: result from the cache (kinds: ${cached.kinds.join(', ') || 'none'})`] : [];
  });
}

/** What the walk found for each argument, and what an ignore pattern kept out. */
export function describeFound(found: FoundFiles, configIgnored: Set<string>, cwd: string): string[] {
  const out = [`found ${found.files.length} file${found.files.length === 1 ? '' : 's'} from ${found.perArgument.map((m) => JSON.stringify(m.argument)).join(' ')}`];
  for (const f of found.files) out.push(`  ${displayPath(f.filePath, cwd)} (${f.problem ? 'unreadable' : f.discovered ? 'directory walk or glob' : 'named'})`);
  const ignored = new Set([...configIgnored, ...found.perArgument.flatMap((m) => m.ignored)]);
  for (const i of ignored) out.push(`skip ${displayPath(i, cwd)}: ignored by ${configIgnored.has(i) ? "the configuration's ignore list" : `.omlintignore or --ignore-pattern`}`);
  return out;
}
