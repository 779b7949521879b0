// `omlint plan <files…> --base <file|dir|git-ref>`: what a PUT of each file would change
// against its previous state, grouped by replica set and process, and the run's findings with the
// transition rules. Each text is parsed once: the plan is built from the pairs the engine matched.
import path from 'node:path';
import { existsSync } from 'node:fs';
import { ConfigError } from '../config/load';
import { ConfigResolver } from '../config/discover';
import { KNOWN_RULE_IDS } from '../../rules/registry';
import { displayPath, lintProject, projectOf, type LintRunOptions, type TransitionPairs } from '../engine/lint';
import { DEFAULT_LIMITS } from '../syntax/types';
import type { Kind } from '../core/kinds';
import { useColor } from '../format/color';
import { planFile, planNewFile, type FilePlan } from '../plan/plan';
import { formatPlan, type PlanFormat } from '../plan/render';
import { findFiles } from './files';
import { readInput } from '../io/read-input';
import { writeFileAtomic } from '../io/write-file';
import { BaseError, withBases, type BaseOptions } from './bases';
import type { CliIO } from './main';

export interface PlanOptions extends BaseOptions {
  format: PlanFormat;
  outputFile?: string;
  kind?: Kind;
  config?: string;
  targetVersion?: string;
  now?: Date;
  /** --color, --no-color, or neither (the environment decides). */
  color?: boolean;
  maxFileSize?: number;
}

export async function runPlan(paths: string[], o: PlanOptions, io: CliIO): Promise<number> {
  if (o.config && !existsSync(path.resolve(io.cwd, o.config))) throw new ConfigError(`${o.config}: no such configuration file`);
  const resolver = new ConfigResolver(KNOWN_RULE_IDS, o.config ? path.resolve(io.cwd, o.config) : undefined);
  const settingsFor = (f: string) => resolver.settingsFor(f);
  const limits = { ...DEFAULT_LIMITS, maxBytes: o.maxFileSize !== undefined ? o.maxFileSize * 1024 * 1024 : DEFAULT_LIMITS.maxBytes };
  const found = findFiles(paths, { cwd: io.cwd, isIgnored: (p) => settingsFor(p).ignored });
  for (const n of found.notes) io.stderr.write(`omlint: note: ${n}\n`);
  if (found.missing.length) throw new BaseError(`No such file or directory: ${found.missing.join(', ')}`);
  if (found.files.length === 0) throw new BaseError(`No files to plan in ${paths.join(', ')}: omlint reads *.json, *.yaml and *.yml files.`);
  const files = found.files.map((f) => f.filePath);
  const { inputs, newFiles } = withBases(files, o, io.cwd, limits.maxBytes, (f) => readInput(f, limits));
  const pairs = new Map<string, TransitionPairs>();
  // A new file has no pairs: its documents of a known kind, from the kinds the run found.
  const newDocuments = new Map<string, { kind: Kind; documentIndex: number }[]>();
  const onKinds = (f: string, docs: { kind?: Kind; documentIndex: number; problem?: string }[]) => {
    if (newFiles.includes(f)) newDocuments.set(f, docs.flatMap((d) => (d.kind && !d.problem ? [{ kind: d.kind, documentIndex: d.documentIndex }] : [])));
  };
  const runOptions: LintRunOptions = { now: o.now ?? new Date(), targetVersion: o.targetVersion, kind: o.kind, settingsFor, limits, cwd: io.cwd, onPairs: (f, p) => pairs.set(f, p), onKinds };
  const run = await lintProject(projectOf(runOptions), inputs, runOptions);
  const plans: FilePlan[] = [];
  for (const f of files) {
    const shown = displayPath(f, io.cwd);
    const p = pairs.get(f);
    if (p) plans.push(planFile(shown, p, settingsFor(f).secretPlaceholders));
    else if (newFiles.includes(f)) plans.push(planNewFile(shown, o.base ?? 'HEAD', newDocuments.get(f) ?? []));
    // A base that does not parse: its finding (base-unusable) says so; no plan.
  }
  const color = o.outputFile ? o.color === true : useColor(io.stdout, o.color, io.env);
  const text = formatPlan(o.format, plans, run, color);
  if (o.outputFile) writeFileAtomic(path.resolve(io.cwd, o.outputFile), text, { makeDirs: true, what: 'the plan to', replaceLinks: true });
  else io.stdout.write(text);
  return run.results.some((r) => r.errorCount > 0) ? 1 : 0;
}
