// The passes over a prepared file: its documents (schema and document rules), the digests its
// documents give the workspace rules and those rules' run over a scope, and its transition rules
// against its base.
import { DEFAULT_LIMITS, looksAhead, willLocate } from '../syntax/index';
import type { Kind } from '../core/kinds';
import { validateLoaded } from '../schema/validate';
import { getAt } from '../core/pointer';
import { isPlaceholder } from '../model/placeholders';
import { collectSecretValues } from './mask';
import type { LintOptions, MessageReport, Report, Rule, RuleContext, RuleMeta, ScopeDocument, WorkspaceRule, DocumentRule, TransitionRule } from '../core/types';
import { baseRange, BASE_UNUSABLE, parseBase, type BaseDocument } from './base';
import { matchDocuments } from '../model/document-identity';
import type { FileSettings } from '../config/load';
import { reportMessage } from '../core/rule';
import { DocumentFacts } from '../core/facts';
import { MAX_PROBLEMS_PER_FILE, type LintRunOptions } from './run-options';
import { addReport, addSpanDiagnostic, appliesTo, internalError, noteTemplate, offRules, placeOf, rootPlace, judgeTemplates, TEMPLATE_VALUE, unpackPlaces, type ItemState, type FileState, type PackedPlaces } from './file-report';
import type { RuleBook } from './rule-book';
// A digest kept as it is could keep its file's whole text until the end of the run.
import { detached } from '../core/detached';
import type { CheckOutcome, DigestOutcome, DocumentResultCache, EarlyEvent } from './document-cache';

/**
 * What the schema and `rules` (those that apply to the document's kind, less those `off`) find in a
 * document, nothing placed yet; `options`: the run's, as the rules read them.
 */
function runChecks(file: FileState, doc: ItemState, kind: Kind, rules: readonly DocumentRule[], off: ReadonlySet<string> | undefined, options: LintOptions): CheckOutcome {
  const early: EarlyEvent[] = [];
  const pending: CheckOutcome['pending'] = [];
  const isTemplate = file.isTemplate;
  const facts = new DocumentFacts(doc.value);
  try {
    for (const finding of validateLoaded(kind, doc.value, isTemplate, facts, options.targetVersion)) {
      if (finding.ruleId === TEMPLATE_VALUE) early.push({ template: { pointer: finding.pointer, value: String(getAt(doc.value, finding.pointer)), rule: finding.skipped ?? 'schema' } });
      else pending.push({ ruleId: finding.ruleId, report: finding });
    }
  } catch (e) {
    early.push({ error: { ruleId: `schema validation (${kind})`, error: e } });
  }
  // One context for all rules of the document (rules run one after another, synchronously).
  let current: DocumentRule | undefined;
  const ctx: RuleContext = {
    value: doc.value,
    kind,
    filePath: file.displayPath,
    options,
    // An unknown message id throws here, inside the rule's check: an internal-error of that rule.
    report: (r) => pending.push({ ruleId: current!.meta.id, report: messageReport(current!.meta, r) }),
    isTemplate,
    facts,
  };
  for (const rule of rules) {
    current = rule;
    const id = rule.meta.id;
    if (off?.has(id)) continue;
    try {
      rule.check(ctx);
    } catch (e) {
      early.push({ error: { ruleId: id, error: e } });
    }
  }
  return { facts, early, pending };
}

/**
 * A rule's report with its message made, in one shape for every rule (a spread of the rule's
 * object would take each rule's own shape, and copy fields nothing reads after this).
 */
export function messageReport(meta: RuleMeta, r: Report): MessageReport {
  return { pointer: r.pointer, target: r.target, severity: r.severity, fix: r.fix, suggestions: r.suggestions, related: r.related, message: reportMessage(meta, r), messageId: r.messageId };
}

/**
 * Runs the schema and `rules` on a document and places what they find; the outcome of an
 * unchanged document comes from the run's document cache where it has one (the language server).
 */
function checkDocument(file: FileState, doc: ItemState, opts: LintRunOptions, rules: DocumentRule[]): void {
  const kind = doc.kind!;
  const off = offRules(file, opts);
  // The closure made only for the cache (the language server): a CLI run's documents need none.
  const { facts, early, pending } = opts.documentCache ? opts.documentCache.check(file, doc, rules, off, (options) => runChecks(file, doc, kind, rules, off, options)) : runChecks(file, doc, kind, rules, off, file.options);
  doc.facts = facts;
  for (const e of early) {
    if ('template' in e) noteTemplate(file, doc, e.template.pointer, e.template.value, e.template.rule);
    else internalError(file, doc, e.error.ruleId, e.error.error, opts);
  }
  // Reports are placed together, so that a big JSON text is read forward once for all their
  // positions; a document that locates without reading ahead (YAML) is given no list.
  if (pending.length > 0 && looksAhead(doc.document)) {
    const pointers: string[] = [];
    // A hint only: the reports past what a file can record (per severity) need no position.
    const n = Math.min(pending.length, 3 * (opts.maxProblemsPerFile ?? MAX_PROBLEMS_PER_FILE));
    for (let k = 0; k < n; k++) {
      const { report } = pending[k];
      pointers.push(doc.base + report.pointer);
      for (const op of report.fix?.ops ?? []) pointers.push(doc.base + op.pointer);
      // Suggestions left unmade (suggestionEdits false) are placed only if a second finding asks.
      if (opts.suggestionEdits !== false) for (const s of report.suggestions ?? []) for (const op of s.ops) pointers.push(doc.base + op.pointer);
    }
    willLocate(doc.document, pointers);
  }
  // Related places get their ranges on the diagnostic (placeRelated): a kept outcome's stay untouched.
  const keep = opts.documentCache !== undefined;
  for (const { ruleId, report } of pending) addReport(file, doc, ruleId, keep && report.related ? { ...report, related: report.related.map((r) => ({ ...r })) } : report, opts);
}

/** A document's rules and the document policies of its file's config that apply to its kind. */
function withPolicies(rules: DocumentRule[], file: FileState, kind: Kind): DocumentRule[] {
  const own = file.settings.policies?.filter((r): r is DocumentRule => r.meta.scope !== 'workspace' && appliesTo(r, kind));
  return own?.length ? [...rules, ...own] : rules;
}

/** Runs the schema, the document rules and the transition rules on a prepared file. */
export function checkFile(file: FileState, book: RuleBook, opts: LintRunOptions): void {
  if (!file.dropped) for (const doc of file.docs) if (doc.kind) checkDocument(file, doc, opts, withPolicies(book.forKind(doc.kind), file, doc.kind));
  if (file.input.base && !file.dropped) runTransitionRules(file, opts, book.transitions);
}

/**
 * A document's digest for a workspace rule (its whole value for a rule without a digest). `rule`
 * names the rule in a way that crosses threads: its id, or `policy:<k>` for the k-th workspace
 * policy of the file's config.
 */
export interface DigestRecord {
  target: number;
  rule: string;
  sd: ScopeDocument;
  /** The places the rule's reports on the document may name (WorkspaceRule.places), as placeOf packs them. */
  places?: PackedPlaces;
}

/** A document of a workspace rule's scope, in the rule's run. */
interface ScopeMember {
  target: number;
  sd: ScopeDocument;
}

/** A workspace rule's report on a file, added to its finished result (merge-reports.ts) or placed when the file is linted again. */
export interface WorkspaceReport {
  documentIndex: number;
  ruleId: string;
  report?: MessageReport;
  error?: unknown;
}

/** No workspace policy: one array for every file (read only). */
const NO_POLICIES: readonly WorkspaceRule[] = Object.freeze([]);

const workspacePolicies = (settings: FileSettings): readonly WorkspaceRule[] => (settings.policies ? settings.policies.filter((r): r is WorkspaceRule => r.meta.scope === 'workspace') : NO_POLICIES);


/**
 * Each workspace rule's digest of each document of `file` it applies to, and those of the
 * workspace policies of its config. A digest that fails is the rule's internal error on the document.
 */
export function digestFile(file: FileState, target: number, rules: readonly WorkspaceRule[], out: DigestRecord[], opts: LintRunOptions): void {
  for (const rule of rules) digestOf(file, target, rule, rule.meta.id, out, opts);
  const policies = workspacePolicies(file.settings);
  for (let k = 0; k < policies.length; k++) digestOf(file, target, policies[k], `policy:${k}`, out, opts);
}

/** A workspace rule's digest (its outcome) of a document, as the document cache computes it too. */
function digestOutcome(file: FileState, rule: WorkspaceRule, doc: ItemState & { kind: Kind }, options: LintOptions): DigestOutcome {
  const digest = rule.digest ? rule.digest({ value: doc.value, kind: doc.kind, filePath: file.displayPath, options, isTemplate: file.isTemplate }) : doc.value;
  if (rule.digest && digest === undefined) return { digest };
  return { digest: typeof digest === 'string' ? detached(digest) : digest, pointers: rule.places?.(digest) };
}

/** One rule's digests of the documents of `file` it applies to, into `out` as `key`. */
function digestOf(file: FileState, target: number, rule: WorkspaceRule, key: string, out: DigestRecord[], opts: LintRunOptions): void {
  const cache = opts.documentCache;
  for (const doc of file.docs) {
    if (!doc.kind || !appliesTo(rule, doc.kind)) continue;
    const item = doc as ItemState & { kind: Kind };
    let found: DigestOutcome;
    try {
      found = cache ? cache.digest(file, item, rule, (options) => digestOutcome(file, rule, item, options)) : digestOutcome(file, rule, item, file.options);
    } catch (e) {
      internalError(file, doc, rule.meta.id, e, opts);
      continue;
    }
    const { digest, pointers } = found;
    if (rule.digest && digest === undefined) continue;
    const sd: ScopeDocument = rule.digest ? { filePath: file.displayPath, documentIndex: doc.index, kind: doc.kind, value: undefined, digest } : { filePath: file.displayPath, documentIndex: doc.index, kind: doc.kind, value: doc.value };
    out.push(pointers?.length ? { target, rule: key, sd, places: cache ? placesThrough(cache, file, doc, rule, pointers) : placesOf(file, doc, pointers) } : { target, rule: key, sd });
  }
}

/**
 * The places of `pointers` in a document, packed one after another (most digests name one: its
 * array as placeOf made it). Their template slots are left unjudged: judgePlaces fills them in
 * once the file has a finding (merge-reports.ts reads them only then).
 */
function placesOf(file: FileState, doc: ItemState, pointers: readonly string[]): PackedPlaces {
  if (pointers.length === 1) return rootPlace(file, doc, pointers[0]) ?? placeOf(file, doc, pointers[0], false);
  const out: PackedPlaces = [];
  for (const p of pointers) for (const slot of rootPlace(file, doc, p) ?? placeOf(file, doc, p, false)) out.push(slot);
  return out;
}

/** The template slots of the places digestFile recorded for `file` from `records[from]` on, judged (a file with findings). */
export function judgePlaces(file: FileState, records: readonly DigestRecord[], from: number): void {
  for (let k = from; k < records.length; k++) {
    const { places, sd } = records[k];
    if (places) judgeTemplates(file, file.docs[sd.documentIndex], places);
  }
}

/** A digest's places packed as placeOf packs them, their spans kept by the document cache while the document's text is unchanged. */
function placesThrough(cache: DocumentResultCache, file: FileState, doc: ItemState, rule: WorkspaceRule, pointers: readonly string[]): PackedPlaces {
  const found = cache.places(file, doc, rule, pointers, () => pointers.flatMap((p) => unpackPlaces(placeOf(file, doc, p))));
  return found.flatMap(({ pointer, span, template }) => {
    const { start, end } = file.sourceFile.lines.range(span);
    return [pointer, span.start, span.end, start.line, start.column, end.line, end.column, template ? 1 : 0];
  });
}

/**
 * Runs the workspace rules (then the workspace policies) on their scopes' digests, the records in
 * the order of their files; the reports, by target file, in the order made.
 */
export function runWorkspaceRules(records: readonly DigestRecord[], rules: readonly WorkspaceRule[], policies: readonly Rule[], settings: readonly FileSettings[], optionsOf: (target: number) => LintOptions, opts: LintRunOptions): Map<number, WorkspaceReport[]> {
  const out = new Map<number, WorkspaceReport[]>();
  const add = (target: number, r: WorkspaceReport) => {
    // A rule turned off for the file: no need to lint the file again.
    if (r.report && (opts.rules?.[r.ruleId] ?? settings[target].rules[r.ruleId]) === 'off') return;
    let list = out.get(target);
    if (!list) out.set(target, (list = []));
    list.push(r);
  };
  const byId = new Map(rules.map((r) => [r.meta.id, r]));
  const groups = new Map<WorkspaceRule, Map<string, ScopeMember[]>>();
  // The run's rules first, in their order; then the policies in the order they first appear.
  for (const r of [...rules, ...policies]) if (r.meta.scope === 'workspace') groups.set(r as WorkspaceRule, new Map());
  for (const rec of records) {
    const rule = rec.rule.startsWith('policy:') ? workspacePolicies(settings[rec.target])[Number(rec.rule.slice(7))] : byId.get(rec.rule);
    if (!rule) continue;
    let scopes = groups.get(rule);
    if (!scopes) groups.set(rule, (scopes = new Map()));
    const scope = settings[rec.target].scope;
    let members = scopes.get(scope);
    if (!members) scopes.set(scope, (members = []));
    members.push({ target: rec.target, sd: rec.sd });
  }
  for (const [rule, scopes] of groups) {
    for (const members of scopes.values()) {
      // Made on a scope's first report: most scopes have none, and a big scope would pay one map each.
      let bySd: Map<ScopeDocument, ScopeMember> | undefined;
      const options = optionsOf(members[0].target);
      try {
        rule.check({
          documents: members.map((m) => m.sd),
          options,
          isTemplate: (value) => isPlaceholder(value, options.secretPlaceholders),
          report: (sd, r) => {
            const m = (bySd ??= new Map(members.map((m) => [m.sd, m]))).get(sd);
            if (m) add(m.target, { documentIndex: sd.documentIndex, ruleId: rule.meta.id, report: { ...r, message: reportMessage(rule.meta, r) } });
          },
        });
      } catch (e) {
        add(members[0].target, { documentIndex: members[0].sd.documentIndex, ruleId: rule.meta.id, error: e });
      }
    }
  }
  return out;
}

/**
 * Pairs a file's documents with its base's and runs the transition rules on each pair. A report's
 * `basePointer` becomes a related location in the base.
 */
export function runTransitionRules(file: FileState, opts: LintRunOptions, rules: TransitionRule[]): void {
  const input = file.input.base!;
  // Nothing of a known kind to compare (a file that does not parse says so itself).
  if (!file.docs.some((d) => d.kind)) return;
  const base = parseBase(input, { optionKind: opts.kind, configKind: file.settings.kind, filePath: file.input.filePath }, opts.limits ?? DEFAULT_LIMITS, opts.parseBase);
  if (base.problem) {
    addSpanDiagnostic(file, BASE_UNUSABLE.meta.id, `${base.problem[0].toUpperCase()}${base.problem.slice(1)}.`, { start: 0, end: 0 }, 0, opts);
    return;
  }
  const now = file.docs.filter((d): d is ItemState & { kind: Kind } => Boolean(d.kind));
  const match = matchDocuments<ItemState & { kind: Kind } | BaseDocument>(now, base.documents);
  opts.onPairs?.(file.input.filePath, {
    baseLabel: input.label,
    pairs: match.pairs.map((p) => ({ kind: p.now.kind, documentIndex: p.now.index, value: p.now.value, base: p.base.value })),
    added: match.added.map((d) => ({ kind: d.kind, documentIndex: d.index, value: d.value })),
    removed: match.removed.map((d) => ({ kind: d.kind, value: d.value })),
  });
  const isTemplate = file.isTemplate;
  const before = file.diagnostics.length;
  const off = offRules(file, opts);
  for (const pair of match.pairs) {
    const doc = pair.now as ItemState;
    const baseDoc = pair.base as BaseDocument;
    // The new document's facts are those its document rules read (checkDocument made them).
    const facts = (doc.facts ??= new DocumentFacts(doc.value));
    const baseFacts = new DocumentFacts(baseDoc.value);
    for (const rule of rules) {
      const id = rule.meta.id;
      if (!appliesTo(rule, doc.kind!) || off?.has(id)) continue;
      try {
        rule.check({
          value: doc.value,
          base: baseDoc.value,
          kind: doc.kind!,
          filePath: file.displayPath,
          baseLabel: input.label,
          options: file.options,
          partial: Boolean(input.partial),
          isTemplate,
          facts,
          baseFacts,
          report: ({ basePointer, ...r }) => {
            const inBase = basePointer === undefined ? [] : [{ filePath: input.label, documentIndex: baseDoc.index, pointer: basePointer, message: `In the base (${input.label}).`, range: baseRange(base, baseDoc, basePointer) }];
            const related = [...inBase, ...(r.related ?? [])];
            addReport(file, doc, id, { ...r, message: reportMessage(rule.meta, r), ...(related.length ? { related } : {}) } as MessageReport, opts);
          },
        });
      } catch (e) {
        internalError(file, doc, id, e, opts);
      }
    }
  }
  // A message may quote the base, and a plan prints its keys and values: its secrets are masked
  // too. Looked for only then: walking every value and line of a big base costs as much as its parse.
  if (file.diagnostics.length > before || opts.onPairs) file.baseSecrets = collectSecretValues(base.documents.map((d) => ({ kind: d.kind, value: d.value })), { text: base.source.text, wide: true });
}

