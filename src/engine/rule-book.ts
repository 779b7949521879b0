// The rule book of a run: the rules loaded kind by kind as documents of each kind appear, in the
// registry's order.
import type { Kind } from '../core/kinds';
import { loadValidators } from '../schema/validate';
import { RULE_INFO, loadRules } from '../../rules/registry';
import type { Rule, WorkspaceRule, DocumentRule, TransitionRule } from '../core/types';
import { appliesTo, type FileState } from './file-report';

export class RuleBook {
  private readonly loaded = new Set<Kind>();
  private readonly withTransitions = new Set<Kind>();
  private readonly rules = new Set<Rule>();
  /** `rules` in the registry's order (its position in `order`; rules of no registry last). */
  private ordered: Rule[] = [];
  private readonly byKind = new Map<Kind, DocumentRule[]>();
  private readonly order: Map<string, number>;
  workspace: WorkspaceRule[] = [];
  transitions: TransitionRule[] = [];
  /**
   * A load not finished yet: a book shared by runs that overlap (engine/lint.ts TextLinter) makes
   * a second run wait for the rules a first one marked loaded, instead of checking without them.
   */
  private pending: Promise<void> | undefined;

  constructor(private readonly fixed?: readonly Rule[]) {
    this.order = new Map((fixed?.map((r) => r.meta.id) ?? [...RULE_INFO.keys()]).map((id, i) => [id, i]));
    if (fixed) this.take(fixed);
  }

  /**
   * Loads the rules (and validators) of the file's kinds not seen before; undefined when there
   * are none (most files: then no promise, and no await, per file).
   */
  load(file: FileState): Promise<void> | undefined {
    if (file.dropped) return undefined;
    const base = Boolean(file.input.base);
    let fresh: Kind[] | undefined;
    for (const d of file.docs) if (d.kind && (!this.loaded.has(d.kind) || (base && !this.withTransitions.has(d.kind)))) (fresh ??= []).push(d.kind);
    return fresh ? this.loadFresh(fresh, base) : this.pending;
  }

  private loadFresh(fresh: Kind[], transitions: boolean): Promise<void> {
    for (const k of fresh) {
      this.loaded.add(k);
      if (transitions) this.withTransitions.add(k);
    }
    // A load that failed failed its own run: the next ones wait for it, not fail with it.
    const before = this.pending?.catch(() => undefined);
    const loading: Promise<void> = Promise.all([before, this.fixed ? undefined : loadRules(fresh, { transitions }), loadValidators(fresh)])
      .then(
        ([, rules]) => {
          if (rules) this.take(rules);
        },
        (e: unknown) => {
          // Not loaded: a run that meets these kinds later (a shared book's) loads them again.
          for (const k of fresh) {
            this.loaded.delete(k);
            this.withTransitions.delete(k);
          }
          throw e;
        },
      )
      .finally(() => {
        if (this.pending === loading) this.pending = undefined;
      });
    // Loaded before the documents are checked: then checking needs no promise per document.
    return (this.pending = loading);
  }

  /** Loads the rules of kinds met elsewhere (a worker's share), or ahead of the runs that will meet them (with their transition rules: `transitions`). */
  loadKinds(kinds: readonly Kind[], transitions = false): Promise<void> {
    const fresh = kinds.filter((k) => !this.loaded.has(k) || (transitions && !this.withTransitions.has(k)));
    return fresh.length ? this.loadFresh(fresh, transitions) : (this.pending ?? Promise.resolve());
  }

  private take(rules: readonly Rule[]): void {
    const before = this.rules.size;
    for (const r of rules) this.rules.add(r);
    if (this.rules.size === before) return;
    this.ordered = [...this.rules].sort((a, b) => (this.order.get(a.meta.id) ?? Infinity) - (this.order.get(b.meta.id) ?? Infinity));
    this.workspace = this.ordered.filter((r): r is WorkspaceRule => r.meta.scope === 'workspace');
    this.transitions = this.ordered.filter((r): r is TransitionRule => r.meta.scope === 'transition');
    this.byKind.clear();
  }

  /** The document rules of a kind. */
  forKind(kind: Kind): DocumentRule[] {
    let rules = this.byKind.get(kind);
    if (!rules) {
      this.byKind.set(kind, (rules = this.ordered.filter((r): r is DocumentRule => (r.meta.scope === undefined || r.meta.scope === 'document') && appliesTo(r, kind))));
    }
    return rules;
  }
}

