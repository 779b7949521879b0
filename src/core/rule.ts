// The rule contract: identity helpers that give a rule module its types, and the message
// templates a report names by id.
import type { BuiltinRule, DocumentRule, Kind, Report, RuleContext, RuleMeta, TransitionRule, TransitionRuleContext, WorkspaceRule } from './types';

/**
 * The type of each kind's documents: the same src/types the JSON schemas are generated from.
 * Empty here because the ground floor imports nothing of omlint; src/types/kind-types.ts fills
 * it in by declaration merging, so `ctx.value` is typed without core importing a floor above it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface KindTypes {}

/**
 * A document as a rule sees it: the kind's type with every field optional, all the way down.
 * Rules run on documents with schema errors too, so a value can still be of another JSON type
 * than declared: rules check with isObject()/typeof before they trust one.
 */
export type Loose<T> = T extends readonly (infer U)[] ? Loose<U>[] : T extends object ? { [P in keyof T]?: Loose<T[P]> } : T;

/** The value of a document of one of the kinds `K`. */
export type KindValue<K extends Kind> = K extends keyof KindTypes ? Loose<KindTypes[K]> : unknown;

type DocumentRuleSpec<K extends Kind, M extends Record<string, string>> = {
  meta: Omit<RuleMeta, 'kinds' | 'messages' | 'scope'> & { kinds: readonly K[] | '*'; messages?: M; scope?: 'document' };
  check(ctx: RuleContext<KindValue<K>, Extract<keyof M, string>>): void;
};

/**
 * A document rule. `ctx.value` is typed from the kinds the rule declares, and `ctx.report`
 * accepts only the message ids of `meta.messages` (or, while rules migrate, a plain message).
 */
export function defineRule<const K extends Kind, const M extends Record<string, string> = Record<never, string>>(rule: DocumentRuleSpec<K, M>): DocumentRule {
  return rule as unknown as DocumentRule;
}
/**
 * A transition rule: reads a document and its base. `ctx.value` and `ctx.base` are
 * typed from the kinds the rule declares. The engine runs it only when a base is given.
 */
export function defineTransitionRule<const K extends Kind, const M extends Record<string, string> = Record<never, string>>(rule: {
  meta: Omit<RuleMeta, 'kinds' | 'messages' | 'scope'> & { kinds: readonly K[]; messages?: M; scope: 'transition' };
  check(ctx: TransitionRuleContext<KindValue<K>, KindValue<K>, Extract<keyof M, string>>): void;
}): TransitionRule {
  return rule as unknown as TransitionRule;
}
/** A workspace rule; with `digest`, `check` reads each document's digest (typed `D`), not its value. */
export function defineWorkspaceRule<D = unknown>(rule: WorkspaceRule<D>): WorkspaceRule {
  return rule as WorkspaceRule;
}

/**
 * Declares a rule id that omlint's own code reports (parser, kind detection, schema layer,
 * engine), in the module that reports it: scripts/gen-rule-index.ts finds every
 * `export const X = defineBuiltin(...)` under src/ and lists it in rules/registry.ts. A built-in
 * id stands for every kind (its code runs on any document).
 */
export function defineBuiltin({ id, ...meta }: Omit<RuleMeta, 'kinds'>): BuiltinRule {
  return { meta: { id, kinds: '*', ...meta }, builtin: true };
}

/** The text of a report: its message, or its messageId's template filled from its data. */
export function reportMessage(meta: Pick<RuleMeta, 'id' | 'messages'>, report: Report): string {
  if (report.messageId === undefined) return report.message;
  const template = meta.messages?.[report.messageId];
  if (template === undefined) throw new Error(`Rule ${meta.id} reported the message id "${report.messageId}", which its meta.messages does not define.`);
  // Most templates name no data: no pattern search (and no closure) for them.
  if (!template.includes('{{')) return template;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    if (!report.data || !Object.hasOwn(report.data, name)) throw new Error(`Rule ${meta.id}, message "${report.messageId}": no data for {{${name}}}.`);
    return String(report.data[name]);
  });
}
