// The shapes omlint's JSON reports and the library's public types share (docs/api.md), declared
// once. A leaf (no import): tsconfig.api.json emits its d.ts beside src/api's, so the package's
// declarations stay self-contained. The internal plan types narrow these (plan/plan.ts).

// `concise` is Ruff's name for `compact`.
export const FORMATS = ['stylish', 'json', 'sarif', 'junit', 'github', 'gitlab', 'compact', 'concise'] as const;
export type FormatName = (typeof FORMATS)[number];

export type Severity = 'error' | 'warning' | 'info';

/** 1-based line and column (columns count UTF-16 code units, as editors do). */
export interface Position {
  /** 1-based line. */
  line: number;
  /** 1-based column. */
  column: number;
}

export interface Range {
  start: Position;
  end: Position;
}

/** Another place a finding points to. */
export interface RelatedPlace {
  filePath: string;
  documentIndex: number;
  pointer: string;
  message: string;
  range?: Range;
}

export interface PlanChange {
  type: string;
  /** Where, in the new document ('' when the whole thing is gone). */
  pointer: string;
  /** Where, in the base, when it matters (removed things). */
  basePointer?: string;
  /** One line: what changes. Values are shown only when they are not secrets (callers mask). */
  summary: string;
  before?: unknown;
  after?: unknown;
  /** The change restarts the process (a new binary, or options mongod reads at startup). */
  restart?: boolean;
}

export interface PlanGroup {
  /** "replica set rs0", "process mongos-0", "deployment" (auth, TLS, everything else). */
  title: string;
  changes: PlanChange[];
}

export interface DocumentPlan {
  kind: string;
  /** Index of the item in the new file; absent for a removed document. */
  documentIndex?: number;
  status: 'changed' | 'unchanged' | 'added' | 'removed';
  /** What identifies it to a reader ("alert config 5f0… HOST_DOWN", "automation config"). */
  label: string;
  groups: PlanGroup[];
  /** Processes whose changes restart them. */
  restarts: string[];
}

export interface FilePlan {
  filePath: string;
  baseLabel: string;
  documents: DocumentPlan[];
  /** The file is not in the base at all (new at that git revision, or in that directory). */
  newFile?: boolean;
}
