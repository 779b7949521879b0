// The editor's settings (the `omlint` section), as the ESLint extension has them: per workspace
// folder, pulled with workspace/configuration where the client can answer it (else the section
// pushed by initializationOptions / didChangeConfiguration), and rule customizations that change
// severities in the editor only. VS Code sends the section nested (`format: { enable }`), some
// clients dotted (`'format.enable'`): both are read.
import path from 'node:path';
import { DiagnosticSeverity, type Diagnostic as LspDiagnostic } from 'vscode-languageserver';

/** ESLint extension's shape: `rule` a glob of rule ids (`!` negates), `severity` what they become. */
export interface RuleCustomization {
  rule: string;
  severity: 'off' | 'info' | 'warn' | 'error' | 'downgrade' | 'upgrade' | 'default';
}

export interface EditorSettings {
  /** Ops Manager version of files whose config names none. */
  targetVersion?: string;
  /** Transition rules against the file at git HEAD. */
  againstHead: boolean;
  /** textDocument/formatting answers (off unless set, as the issue asks). */
  formatEnable: boolean;
  codeLensEnable: boolean;
  inlayHintsEnable: boolean;
  /** Inlay hints: a threshold's `units` beside it (omlint.inlayHints.thresholdUnits.enable). */
  thresholdUnitsEnable: boolean;
  customizations: RuleCustomization[];
}

export const DEFAULT_EDITOR_SETTINGS: EditorSettings = { againstHead: true, formatEnable: false, codeLensEnable: true, inlayHintsEnable: true, thresholdUnitsEnable: true, customizations: [] };

const SEVERITIES = new Set<RuleCustomization['severity']>(['off', 'info', 'warn', 'error', 'downgrade', 'upgrade', 'default']);

/** `section.a.b`, nested or dotted. */
function get(section: Record<string, unknown>, key: string): unknown {
  if (key in section) return section[key];
  const dot = key.indexOf('.');
  if (dot < 0) return undefined;
  const head = section[key.slice(0, dot)];
  return head && typeof head === 'object' ? get(head as Record<string, unknown>, key.slice(dot + 1)) : undefined;
}

/** The settings of an `omlint` section; what is absent or malformed keeps its default. */
export function readEditorSettings(raw: unknown): EditorSettings {
  const s = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const flag = (key: string, fallback: boolean) => {
    const v = get(s, key);
    return typeof v === 'boolean' ? v : fallback;
  };
  const target = get(s, 'targetVersion');
  const trimmed = typeof target === 'string' ? target.trim() : '';
  const list = get(s, 'rules.customizations');
  const customizations = Array.isArray(list)
    ? list.filter((c): c is RuleCustomization => Boolean(c) && typeof c.rule === 'string' && c.rule.replace(/^!/, '') !== '' && SEVERITIES.has(c.severity))
    : [];
  return {
    ...(/^\d+\.\d+(\.\d+)?$/.test(trimmed) ? { targetVersion: trimmed } : {}),
    againstHead: flag('transitions.againstHead', true),
    formatEnable: flag('format.enable', false),
    codeLensEnable: flag('codeLens.enable', true),
    inlayHintsEnable: flag('inlayHints.enable', true),
    thresholdUnitsEnable: flag('inlayHints.thresholdUnits.enable', true),
    customizations: customizations.map((c) => ({ rule: c.rule, severity: c.severity })),
  };
}

export function sameSettings(a: EditorSettings, b: EditorSettings): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Settings per workspace folder: a file takes those of the innermost folder that holds it. */
export class FolderSettings {
  private folders: { dir: string; settings: EditorSettings }[] = [];
  /** The pushed section (initializationOptions, didChangeConfiguration): files outside every folder, and clients that cannot be asked. */
  global: EditorSettings = DEFAULT_EDITOR_SETTINGS;

  /** Replaces the folders' settings; whether anything changed. */
  setFolders(folders: { dir: string; settings: EditorSettings }[]): boolean {
    const next = [...folders].sort((a, b) => b.dir.length - a.dir.length);
    const changed = next.length !== this.folders.length || next.some((f, i) => f.dir !== this.folders[i].dir || !sameSettings(f.settings, this.folders[i].settings));
    this.folders = next;
    return changed;
  }

  /** Each folder with its settings (innermost first). */
  folderList(): readonly { dir: string; settings: EditorSettings }[] {
    return this.folders;
  }

  for(filePath: string): EditorSettings {
    const abs = path.resolve(filePath);
    for (const f of this.folders) if (abs === f.dir || abs.startsWith(f.dir.endsWith(path.sep) ? f.dir : f.dir + path.sep)) return f.settings;
    return this.global;
  }
}

const RANK = [DiagnosticSeverity.Hint, DiagnosticSeverity.Information, DiagnosticSeverity.Warning, DiagnosticSeverity.Error];
const FIXED: Partial<Record<RuleCustomization['severity'], DiagnosticSeverity>> = { info: DiagnosticSeverity.Information, warn: DiagnosticSeverity.Warning, error: DiagnosticSeverity.Error };

/**
 * Diagnostics with the customizations applied: the last customization whose glob matches a
 * diagnostic's rule id decides (ESLint extension's order), `off` drops the diagnostic.
 */
/**
 * A customization's `rule` as the ESLint extension reads it (microsoft/vscode-eslint,
 * server/src/eslint.ts, RuleSeverities.asteriskMatches): the whole id, `*` any run of characters,
 * `/` included (policy ids are namespaced, `acme/*`). Other characters are literal here (the
 * extension leaves them to RegExp, where `.` or `(` would misread an id or throw).
 */
function ruleGlob(glob: string): (id: string) => boolean {
  const re = new RegExp(`^${glob.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`, 's');
  return (id) => re.test(id);
}

export function customizeDiagnostics(diagnostics: LspDiagnostic[], customizations: RuleCustomization[]): LspDiagnostic[] {
  if (customizations.length === 0) return diagnostics;
  const matchers = customizations.map((c) => {
    const negated = c.rule.startsWith('!');
    const test = ruleGlob(negated ? c.rule.slice(1) : c.rule);
    return { severity: c.severity, matches: (id: string) => test(id) !== negated };
  });
  const out: LspDiagnostic[] = [];
  for (const d of diagnostics) {
    const id = typeof d.code === 'string' ? d.code : undefined;
    let severity: RuleCustomization['severity'] | undefined;
    if (id !== undefined) for (const m of matchers) if (m.matches(id)) severity = m.severity;
    if (severity === undefined || severity === 'default') out.push(d);
    else if (severity === 'off') continue;
    else {
      const current = d.severity ?? DiagnosticSeverity.Error;
      const rank = RANK.indexOf(current);
      const next = FIXED[severity] ?? (severity === 'downgrade' ? RANK[Math.max(1, rank - 1)] : RANK[Math.min(RANK.length - 1, rank + 1)]);
      out.push(next === current ? d : { ...d, severity: next });
    }
  }
  return out;
}
