// What a run is told: its options, its targets, and what it tells back about kinds and pairs.
import type { ParseLimits, SourceFile } from '../syntax/index';
import type { KindSource } from '../kinds/detect';
import type { Kind } from '../core/kinds';
import type { FileSettings } from '../config/load';
import type { LintInput, Rule, SeveritySetting } from '../core/types';
import type { DocumentResultCache } from './document-cache';

export interface LintRunOptions {
  /** Clock for date rules (default: now). */
  now?: Date;
  targetVersion?: string;
  /** Force the kind of every document (--kind). */
  kind?: Kind;
  /** Severities that win over the config (command line, tests). */
  rules?: Record<string, SeveritySetting>;
  /**
   * What the config says about a file (default: no config). Only lint() and lintAndFix(), which
   * make a project of their texts, read it: lintProject() asks its project.
   */
  settingsFor?: (filePath: string) => FileSettings;
  limits?: ParseLimits;
  /** Files found by directory traversal: drop them when no document has any known kind. */
  skipUnknown?: (filePath: string) => boolean;
  /** Paths are shown relative to this directory when below it. */
  cwd?: string;
  /** Rule modules (default: all of rules/). */
  ruleSet?: Rule[];
  /** Problems of each severity recorded per file at most (default MAX_PROBLEMS_PER_FILE). */
  maxProblemsPerFile?: number;
  /** False: omlint-disable/enable comments are ignored (--no-inline-config). */
  inlineConfig?: boolean;
  /**
   * Told each file's documents, their kinds and where each kind came from (--debug, --print-config);
   * `skipped`: why the file was dropped (skipUnknown), or false.
   */
  onKinds?: (filePath: string, documents: KindReport[], skipped: string | false) => void;
  /** Called as each file's documents are checked (progress counts files, not runs). */
  onFileChecked?: (filePath: string) => void;
  /**
   * Told, for each file with a base, its documents paired with the base's (`omlint plan` builds
   * the plan from them, so that each text is parsed once).
   */
  onPairs?: (filePath: string, pairs: TransitionPairs) => void;
  /**
   * Let each file's parse go once the file is linted, and keep a clean file's text only where it
   * has secrets (the CLI's runs: memory stays flat however many files). A file that a workspace rule
   * reports on afterwards is read again (LintTargets.read) and linted again with the report.
   */
  release?: boolean;
  /**
   * Parses a file's base (default: parseText, anew each run). The language server passes its
   * cache of the files at HEAD: a base is parsed once per commit, not once per keystroke.
   */
  parseBase?: (text: string, label: string, limits: ParseLimits) => SourceFile;
  /**
   * fixProject(): also apply a finding's suggestion when it is the finding's only one and there is
   * no safe fix (`--fix-suggestions`, Ruff's `--unsafe-fixes`). A finding with several suggestions
   * offers a choice and is never applied.
   */
  fixSuggestions?: boolean;
  /**
   * False: a finding's suggestions are made into text edits only where the run itself reads them
   * (a file of two findings or more: aggregate.ts compares and merges them). The CLI's check
   * without --fix prints no suggestion in any format, so it passes false; default true.
   */
  suggestionEdits?: boolean;
  /**
   * What the checks of each unchanged document found in earlier runs (document-cache.ts): the
   * language server's, so that a keystroke checks the edited document again, not its neighbours.
   */
  documentCache?: DocumentResultCache;
}

/** The files of a run, each read when its turn comes (and again when a workspace rule reports on it). */
export interface LintTargets {
  paths: readonly string[];
  read(filePath: string, index: number): LintInput;
}

/** A file's documents and its base's, matched by kind and identity. */
export interface TransitionPairs {
  baseLabel: string;
  pairs: { kind: Kind; documentIndex: number; value: unknown; base: unknown }[];
  added: { kind: Kind; documentIndex: number; value: unknown }[];
  removed: { kind: Kind; value: unknown }[];
}

/** The options of a lint in a project: the project, not the options, says what the config says of a file. */
export type ProjectLintOptions = Omit<LintRunOptions, 'settingsFor'>;

/** How one lintable item got its kind (or why it has none). */
export interface KindReport {
  documentIndex: number;
  /** The item's pointer in its YAML document ('' for the whole document). */
  base: string;
  kind?: Kind;
  source?: KindSource;
  /** Why no kind, when none. */
  problem?: string;
}

/**
 * A hostile file (a million-item array, a mapping with 100,000 unknown keys) must not make
 * millions of diagnostics: memory and output would explode. Beyond this, problems are counted.
 */
export const MAX_PROBLEMS_PER_FILE = 10_000;

