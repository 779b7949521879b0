// --print-config <file> (ESLint's flag): the configuration omlint resolves for one file, as JSON:
// the config file, each document's kind and where it came from, the rules that apply with their
// severities, the project scope and the target version. Nothing is linted for the answer's sake
// beyond finding the kinds (the engine does that, so the answer is what a run would use).
import path from 'node:path';
import { lint, type KindReport, type LintInput } from '../engine/lint';
import { REGISTRY } from '../../rules/registry';
import type { Kind } from '../core/kinds';
import { declaredKind } from '../kinds/detect';
import type { ParseLimits } from '../syntax/types';
import type { FileSettings } from '../config/load';

export interface PrintConfigOptions {
  kind?: Kind;
  targetVersion?: string;
  cwd: string;
  limits?: ParseLimits;
}

const rel = (p: string, cwd: string) => path.relative(cwd, p).split(path.sep).join('/') || '.';

/** `input` is the file's text, or undefined when it does not exist (the kind is then the declared one). */
export async function resolvedConfig(filePath: string, input: LintInput | undefined, settings: FileSettings, opts: PrintConfigOptions): Promise<Record<string, unknown>> {
  let documents: KindReport[] = [];
  if (input) {
    await lint([input], { kind: opts.kind, settingsFor: () => settings, limits: opts.limits, cwd: opts.cwd, onKinds: (_f, docs) => (documents = docs) });
  } else {
    const declared = declaredKind({ optionKind: opts.kind, configKind: settings.kind, filePath, modelines: [] }, 0);
    if (declared && 'kind' in declared) documents = [{ documentIndex: 0, base: '', kind: declared.kind, source: declared.source }];
  }
  const kinds = new Set(documents.flatMap((d) => (d.kind ? [d.kind] : [])));
  const rules: Record<string, string> = {};
  for (const r of REGISTRY) {
    if (kinds.size > 0 && r.kinds !== '*' && !r.kinds.some((k) => kinds.has(k))) continue;
    rules[r.id] = settings.rules[r.id] ?? r.severity;
  }
  // The config's policies that apply to the file (its `files`/`scope` filters and kinds), as rules.
  for (const p of settings.policies ?? []) {
    const { id, kinds: of, defaultSeverity } = p.meta;
    if (kinds.size > 0 && of !== '*' && !of.some((k) => kinds.has(k))) continue;
    rules[id] = settings.rules[id] ?? defaultSeverity;
  }
  const scopeName = settings.scope.startsWith('scope:') ? settings.scope.slice(settings.scope.lastIndexOf('#') + 1) : undefined;
  return {
    filePath: rel(filePath, opts.cwd),
    exists: Boolean(input),
    configFile: settings.config ? rel(settings.config.filePath, opts.cwd) : null,
    ignored: settings.ignored,
    kinds: [...kinds],
    documents: documents.map((d) => ({ index: d.documentIndex, pointer: d.base, kind: d.kind ?? null, kindSource: d.source ?? null, ...(d.kind ? {} : { problem: d.problem ?? null }) })),
    targetVersion: opts.targetVersion ?? settings.targetVersion ?? null,
    scope: scopeName ? { name: scopeName } : { directory: rel(settings.scope, opts.cwd) },
    secretPlaceholders: settings.secretPlaceholders.map((r) => r.source),
    rules,
  };
}
