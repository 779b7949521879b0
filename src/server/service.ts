// The omlint language service, free of any transport (like vscode-json-languageservice): it takes
// text documents (uri, text, version) and the workspace, and returns LSP types. main.ts wires it
// to a connection; tests call it directly.
import path from 'node:path';
import { CodeActionKind, DocumentHighlightKind } from 'vscode-languageserver';
import type { CodeAction, CodeActionContext, CodeLens, CompletionList, Diagnostic as LspDiagnostic, DocumentHighlight, DocumentLink, DocumentSymbol, InlayHint, SymbolInformation, FoldingRange, FormattingOptions, Hover, Location, SelectionRange, Position, Range, TextEdit, WorkspaceEdit } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { KNOWN_RULE_IDS, REGISTRY } from '../../rules/registry';
import { displayPath, DocumentResultCache, fixProject, lintProject, type LintInput, type LintRunOptions } from '../engine/lint';
import { maskSecrets } from '../engine/mask';
import { compareStrings, splitPointer } from '../core/pointer';
import type { FileResult, LintRun, Rule, RunSource } from '../core/types';
import type { Kind } from '../core/kinds';
import { codeActionsFor, FIX_ALL_KIND, fixAllEdit, wantsKind } from './code-actions';
import { DISABLE_FOR_FILE_COMMAND, disableInConfig, writeDisableForFile } from './disable-file';
import { completionFor } from './completion';
import type { SnippetIndentMode } from './snippets';
import { configFileDiagnostics, isConfigFile } from './config';
import { cursorContext, isJsonText, targetPointer, TextLines, type CursorContext } from '../syntax/cursor';
import { otherPlaces, toLspDiagnostic } from './diagnostics';
import { DocumentItems, itemAt, itemKind, kindIsDeclared, UNPARSED_HOVER_MIN_CHARS } from './documents';
import { hoverFor, itemHover, withRuleDocs } from './hover';
import { definition, fileLinks, prepareRename, references, rename } from './navigation';
import { LINK_FIX_RULES, linkQuickFixes } from './link-fixes';
import { jsonFoldingRanges, yamlFoldingRanges } from './folding';
import { LinkMemo, parsedItems, REUSE_MAX_CHARS } from './link-index';
import { selectionRanges } from './selection';
import { documentSymbols } from './symbols';
import { codeLenses, inlayHints } from './code-lens';
import { thresholdUnitHints } from './unit-hints';
import { formatEdits } from './format';
import { documentLinks } from './document-links';
import { editorCursor, hasBom, rangesOverlap } from './positions';
import { lintNameOf, pathToUri, uriToPath } from './uris';
import { scopeKinds, Workspace } from './workspace';
import { HeadBases } from './head-base';
import { customizeDiagnostics, FolderSettings, readEditorSettings, sameSettings, type EditorSettings } from './settings';
import { DEFAULT_LIMITS } from '../syntax/types';
import type { ContainerStep, SourceFile } from '../syntax/index';
import { MAX_WORKSPACE_SYMBOLS, WorkspaceFiles, type FolderWalk } from './workspace-files';

export interface ServiceOptions {
  /** Clock for date rules (default: the real one). */
  now?: () => Date;
  /** A configuration problem (once per distinct message). */
  onConfigError?: (message: string) => void;
  /** Rule modules (default: all of rules/). */
  ruleSet?: Rule[];
  /** The CLI's walk of a folder (from the entry point): workspace diagnostics and symbols of files never opened. */
  walkFolder?: FolderWalk;
  /** A note for the user about the workspace (a folder over the file limit); `show`: a message, else the log. */
  onNote?: (message: string, show: boolean) => void;
}

/** What the last lint of a document found. */
export interface LintState {
  uri: string;
  version: number;
  text: string;
  /** Undefined when the document gets no diagnostics (no omlint kind, ignored, a config file). */
  result?: FileResult;
  /** The result's source in the run (its secrets mask code action titles). */
  source?: RunSource;
  diagnostics: LspDiagnostic[];
  /** The LSP form of each of `result.diagnostics`, by index, before the editor's rule customizations. */
  converted?: LspDiagnostic[];
  inputs: LintInput[];
  options: LintRunOptions;
  /** The run of `inputs` with `options` (fix-all starts from it rather than linting again). */
  run?: LintRun;
}

interface DocState {
  lint?: LintState;
  /** Whether the document is an omlint document (kept while it does not parse). */
  relevant?: boolean;
  /** Known kinds of the document at its last lint that found any. */
  kinds?: Kind[];
  /** Items and kinds for hover and completion. */
  items: DocumentItems;
  /** The last link index (navigation), shifted across a local edit. */
  links: LinkMemo;
  /** The parse whose containers last placed a cursor (big JSON): a later version's cursor starts from them across a local edit. */
  cursorSource?: SourceFile;
}

function sameSet<T>(a: Set<T> | 'all', b: Set<T> | 'all'): boolean {
  if (a === 'all' || b === 'all') return a === b;
  return a.size === b.size && [...a].every((x) => b.has(x));
}

/**
 * The containers at `offset` of a new text from the first of these earlier parses that knows them
 * across the edit (the parse that placed the last cursor read them already: the latest parse may not have).
 */
function containersAcross(sources: (SourceFile | undefined)[], text: string, offset: number): ((at: number) => ContainerStep[]) | undefined {
  for (const source of sources) {
    const across = source?.containersAfterEdit(text);
    const steps = across?.(offset);
    if (across && steps?.length) return (at) => (at === offset ? steps : across(at));
  }
  return undefined;
}

export class OmlintLanguageService {
  readonly workspace: Workspace;
  private readonly states = new Map<string, DocState>();
  /** The editor's settings, per workspace folder (settings.ts). */
  readonly settings = new FolderSettings();
  /** Public for tests (the parses of bases it counts). */
  readonly headBases = new HeadBases(DEFAULT_LIMITS.maxBytes);
  private readonly reportedConfigErrors = new Set<string>();
  /** What each unchanged document's checks found in earlier lints: a keystroke checks the edited document again (tests count its stats). */
  readonly documentCache = new DocumentResultCache();
  /** The client creates files in workspace edits (a new omlint.config.yaml for "disable for this file"). */
  canCreateFiles = true;
  /**
   * The client tells the server of changed files (didChangeWatchedFiles). Without it "Disable for
   * this file" is a command by which the server writes the config itself (Neovim).
   */
  clientWatchesFiles = true;

  constructor(private readonly options: ServiceOptions = {}) {
    this.workspace = new Workspace((message) => {
      if (this.reportedConfigErrors.has(message)) return;
      this.reportedConfigErrors.add(message);
      this.options.onConfigError?.(message);
    }, options.ruleSet);
    this.workspace.editorTargetVersion = (filePath) => this.settings.for(filePath).targetVersion;
    const { walkFolder, ruleSet, now, onNote } = options;
    this.files = walkFolder && new WorkspaceFiles({ workspace: this.workspace, walk: walkFolder, ruleSet, now, onNote, watched: () => this.clientWatchesFiles, customize: (p, ds) => customizeDiagnostics(ds, this.settings.for(p).customizations) });
  }

  /** The workspace folders' files that are not open (workspace-files.ts), where the entry point gave the walk. */
  private readonly files?: WorkspaceFiles;

  /** The editor's settings of a document (its workspace folder's). */
  editorSettings(uri: string): EditorSettings {
    return this.settings.for(lintNameOf(uri));
  }

  private state(uri: string): DocState {
    let s = this.states.get(uri);
    if (!s) {
      s = { items: new DocumentItems(), links: new LinkMemo() };
      this.states.set(uri, s);
    }
    return s;
  }

  /**
   * An editor opened or changed a document. Returns the other open documents whose diagnostics
   * may change with it (same directory: workspace rules read them together).
   */
  setDocument(doc: TextDocument): string[] {
    this.workspace.setDocument(doc);
    // The lint of an older version goes now (its text, results and run: of a 20 MB text, as much
    // again as the text), not when the new version's lint ends.
    const st = this.states.get(doc.uri);
    if (st?.lint && st.lint.version !== doc.version) st.lint = undefined;
    const p = uriToPath(doc.uri);
    if (p && isConfigFile(p)) {
      this.configChanged();
      return this.workspace.openDocuments().map((d) => d.uri).filter((u) => u !== doc.uri);
    }
    return this.invalidateNeighbours(doc.uri);
  }

  /** Forgets the lint of the open documents that a workspace rule reads together with `uri`. */
  private invalidateNeighbours(uri: string): string[] {
    const p = uriToPath(uri);
    if (!p) return [];
    const own = this.states.get(uri)?.kinds;
    const wanted = own ? scopeKinds(own, this.options.ruleSet) : 'all';
    if (wanted !== 'all' && wanted.size === 0) return [];
    const out: string[] = [];
    for (const other of this.openInScopeOf([p]).flat()) {
      if (other.uri === uri) continue;
      const st = this.states.get(other.uri);
      if (wanted !== 'all' && st?.kinds && !st.kinds.some((k) => wanted.has(k))) continue;
      if (st) st.lint = undefined;
      out.push(other.uri);
    }
    return out;
  }

  /**
   * The open documents of the project scopes of `paths`, one list per scope: grouped by the
   * project (Project.scopes), the one grouping of the CLI, the engine's workspace rules and this.
   */
  private openInScopeOf(paths: string[]): TextDocument[][] {
    if (paths.length === 0) return [];
    const wanted = new Set(paths);
    const open = this.workspace.openDocuments().flatMap((doc) => {
      const p = uriToPath(doc.uri);
      return p && !wanted.has(p) ? [{ p, doc }] : [];
    });
    const groups = this.workspace.project.scopes([...paths.map((p) => ({ p, doc: undefined })), ...open], (x) => x.p);
    return groups.filter((g) => g.some((x) => wanted.has(x.p))).map((g) => g.flatMap((x) => (x.doc && !wanted.has(x.p) ? [x.doc] : [])));
  }

  /** An editor closed a document; returns the open documents whose diagnostics may change. */
  closeDocument(uri: string): string[] {
    const neighbours = this.invalidateNeighbours(uri);
    this.workspace.removeDocument(uri);
    this.states.delete(uri);
    const p = uriToPath(uri);
    if (p) this.headBases.forget(p);
    if (p && isConfigFile(p)) {
      this.configChanged();
      return this.workspace.openDocuments().map((d) => d.uri);
    }
    return neighbours;
  }

  /**
   * The editor's settings pushed by the client (initializationOptions, didChangeConfiguration's
   * `omlint` section): of files outside every folder, and of every file where the client cannot be
   * asked per folder. Returns whether they change anything (then every open document needs a new lint).
   */
  setEditorSettings(raw: unknown): boolean {
    const next = readEditorSettings(raw);
    if (sameSettings(next, this.settings.global)) return false;
    this.settings.global = next;
    this.settingsChanged();
    return true;
  }

  /** The settings of each workspace folder (workspace/configuration with the folder's scopeUri). */
  setFolderSettings(folders: { uri: string; settings: unknown }[]): boolean {
    const changed = this.settings.setFolders(folders.flatMap((f) => {
      const dir = uriToPath(f.uri);
      return dir ? [{ dir, settings: readEditorSettings(f.settings) }] : [];
    }));
    if (changed) this.settingsChanged();
    return changed;
  }

  private settingsChanged(): void {
    this.files?.invalidate();
    this.headBases.clear();
    for (const s of this.states.values()) s.lint = undefined;
  }

  /** A config file changed (on disk or in a buffer): settings are read again. */
  configChanged(): void {
    this.workspace.config.invalidate();
    this.workspace.project.forgetScopes();
    this.files?.invalidate();
    this.reportedConfigErrors.clear();
    for (const s of this.states.values()) s.lint = undefined;
  }

  /**
   * Files changed on disk (not config files): forget their cached text. Returns the open
   * documents of their scopes (files open in the editor are read from the buffer anyway).
   */
  filesChanged(paths: string[]): string[] {
    this.files?.filesChanged();
    for (const p of paths) this.workspace.forgetDisk(p);
    const out: string[] = [];
    for (const doc of this.openInScopeOf(paths.filter((p) => !this.workspace.documentAt(p))).flat()) {
      const st = this.states.get(doc.uri);
      if (st) st.lint = undefined;
      out.push(doc.uri);
    }
    return out;
  }

  // ------------------------------------------------------------------ diagnostics

  async diagnostics(doc: TextDocument): Promise<LspDiagnostic[]> {
    return (await this.lintState(doc)).diagnostics;
  }

  /** The lint state of the document's current text (computed when stale). */
  async lintState(doc: TextDocument): Promise<LintState> {
    const st = this.state(doc.uri);
    const text = doc.getText();
    if (st.lint && st.lint.version === doc.version && st.lint.text === text) return st.lint;
    const computed = await this.computeLint(doc, text, st);
    if (!st.lint || st.lint.version <= computed.version) st.lint = computed;
    return computed;
  }

  private emptyState(doc: TextDocument, text: string, diagnostics: LspDiagnostic[] = []): LintState {
    return { uri: doc.uri, version: doc.version, text, diagnostics, inputs: [], options: {} };
  }

  private async computeLint(doc: TextDocument, text: string, st: DocState): Promise<LintState> {
    const onDisk = uriToPath(doc.uri);
    if (onDisk && isConfigFile(onDisk)) return this.emptyState(doc, text, configFileDiagnostics(doc, onDisk, text, KNOWN_RULE_IDS));
    const filePath = lintNameOf(doc.uri);
    const settings = this.workspace.settingsFor(filePath);
    if (settings.ignored) return this.emptyState(doc, text);
    const cwd = path.dirname(path.resolve(filePath));
    const options: LintRunOptions = {
      now: this.options.now?.(),
      ruleSet: this.options.ruleSet,
      cwd,
      parseBase: this.headBases.parse,
      documentCache: this.documentCache,
    };
    const project = this.workspace.project;
    let kinds: Kind[] = st.kinds ?? [];
    if (!st.kinds && onDisk) kinds = [...project.kindsOf(filePath, text)];
    const inputsFor = (ks: Kind[]): LintInput[] => {
      const others = onDisk ? this.workspace.scopeInputs(filePath, ks) : [];
      // The file at git HEAD as its base: the transition rules show what the edit changes.
      const base = onDisk && this.settings.for(filePath).againstHead ? this.headBases.baseOf(filePath) : undefined;
      return [{ filePath, text, ...(base ? { base } : {}) }, ...others].sort((a, b) => (a.filePath < b.filePath ? -1 : a.filePath > b.filePath ? 1 : 0));
    };
    let inputs = inputsFor(kinds);
    let { result, source, run } = await this.runLint(inputs, options, filePath, cwd);
    const found = result.kinds.filter((k): k is Kind => k !== 'unknown');
    // The kinds changed (first lint, or an edit): the scope may hold other documents now.
    if (onDisk && found.length && !sameSet(scopeKinds(found, this.options.ruleSet), scopeKinds(kinds, this.options.ruleSet))) {
      inputs = inputsFor(found);
      ({ result, source, run } = await this.runLint(inputs, options, filePath, cwd));
    }
    if (found.length) st.kinds = [...new Set(found)];
    st.relevant = this.isRelevant(filePath, text, settings, found.length > 0, st);
    if (!st.relevant) return { ...this.emptyState(doc, text), inputs, options };
    const byDisplay = new Map(inputs.map((i) => [displayPath(i.filePath, cwd), i]));
    // The HEAD base is implicit: that it does not parse is no news in the editor (the CLI says it).
    const diagnostics = result.diagnostics.filter((d) => d.ruleId !== 'base-unusable').map((d) =>
      toLspDiagnostic(doc, d, (rel) => {
        const input = byDisplay.get(rel.filePath);
        if (!input) return undefined;
        if (input.filePath === filePath) return { uri: doc.uri, bom: hasBom(text) };
        const open = this.workspace.documentAt(input.filePath);
        return { uri: open?.uri ?? pathToUri(input.filePath), bom: hasBom(input.text) };
      }),
    );
    // After the engine's own (code actions pair those by index): a squiggle at each grouped place.
    const grouped = result.diagnostics.filter((d) => d.ruleId !== 'base-unusable').flatMap((d, i) => otherPlaces(d, diagnostics[i], doc.uri));
    if (grouped.length) diagnostics.push(...grouped);
    return { uri: doc.uri, version: doc.version, text, result, source, diagnostics: customizeDiagnostics(diagnostics, this.settings.for(filePath).customizations), converted: diagnostics, inputs, options, run };
  }

  /** The document's result and source, linted with the other files of its scope in the workspace's project. */
  private async runLint(inputs: LintInput[], options: LintRunOptions, filePath: string, cwd: string): Promise<{ result: FileResult; source?: RunSource; run: LintRun }> {
    // Every text through the project's cache: an edit re-parses the edited buffer only.
    const run = await lintProject(this.workspace.project, inputs, options);
    const name = displayPath(filePath, cwd);
    const result = run.results.find((r) => r.filePath === name) ?? run.results[0];
    return { result, source: run.sources.get(result.filePath), run };
  }

  /**
   * No noise for documents that are not omlint's: a document gets diagnostics when the config,
   * a modeline or its file name declares a kind, or some item has a (possibly ambiguous) kind.
   * A document that does not parse keeps its last answer.
   */
  private isRelevant(filePath: string, text: string, settings: ReturnType<Workspace['settingsFor']>, hasKind: boolean, st: DocState): boolean {
    // The lint's parse of this text holds its modelines.
    if (hasKind || kindIsDeclared(filePath, text, settings, this.workspace.project.cachedParse(filePath, text))) return true;
    const a = this.workspace.project.analyze(filePath, text, settings);
    if (a.items.some((i) => i.candidates.length > 0)) return true;
    if (a.usable.some(Boolean) || text.trim() === '') return false;
    return st.relevant ?? false;
  }

  // ------------------------------------------------------------------ workspace diagnostics

  /**
   * workspace/diagnostic, for the files that are not open (open ones get their diagnostics pushed):
   * in the workspace `folders` (paths), what `omlint check <folder>` reports of each file, where the
   * entry point gave the walk (workspace-files.ts); elsewhere, what the cross-document (workspace)
   * rules find in the scopes of the open documents.
   */
  async workspaceDiagnostics(cancelled: () => boolean = () => false, folders: string[] = []): Promise<{ uri: string; diagnostics: LspDiagnostic[] }[]> {
    const walked = this.files && folders.length ? await this.files.diagnostics(folders, cancelled) : new Map<string, LspDiagnostic[]>();
    const inFolder = (p: string) => Boolean(this.files) && folders.some((f) => p === f || p.startsWith(f.endsWith(path.sep) ? f : f + path.sep));
    const project = this.workspace.project;
    // Without a rule set: the registry says which rules read a scope, without loading them.
    const rules = this.options.ruleSet?.map((r) => r.meta) ?? REGISTRY;
    const workspaceIds = new Set(rules.filter((r) => r.scope === 'workspace').map((r) => r.id));
    const open = new Set(this.workspace.openDocuments().flatMap((d) => uriToPath(d.uri) ?? []));
    const out = new Map<string, LspDiagnostic[]>();
    const lintable = this.workspace.openDocuments().flatMap((doc) => {
      const filePath = uriToPath(doc.uri);
      return filePath && !isConfigFile(filePath) && !inFolder(filePath) && !this.workspace.settingsFor(filePath).ignored ? [{ doc, filePath }] : [];
    });
    // One lint per project scope, from its first open document (the project groups them).
    for (const [{ doc, filePath }] of project.scopes(lintable, (d) => d.filePath)) {
      if (cancelled()) break;
      const text = doc.getText();
      // In path order, as the CLI and the document's own lint read them (the later duplicate is reported).
      const inputs = [{ filePath, text }, ...project.scopeInputs(filePath, project.kindsOf(filePath, text))].sort((x, y) => compareStrings(x.filePath, y.filePath));
      if (inputs.length < 2) continue;
      const cwd = path.dirname(path.resolve(filePath));
      const { results } = await lintProject(project, inputs, { now: this.options.now?.(), ruleSet: this.options.ruleSet, cwd });
      const byDisplay = new Map(inputs.map((i) => [displayPath(i.filePath, cwd), i]));
      for (const r of results) {
        const input = byDisplay.get(r.filePath);
        if (!input || open.has(input.filePath) || walked.has(pathToUri(input.filePath))) continue;
        const uri = pathToUri(input.filePath);
        const asDoc = TextDocument.create(uri, 'yaml', 0, input.text);
        const related = (rel: { filePath: string }) => {
          const other = byDisplay.get(rel.filePath);
          return other ? { uri: this.workspace.documentAt(other.filePath)?.uri ?? pathToUri(other.filePath), bom: hasBom(other.text) } : undefined;
        };
        const found = r.diagnostics.filter((d) => workspaceIds.has(d.ruleId)).map((d) => toLspDiagnostic(asDoc, d, related));
        // The closed file's folder's customizations, as its own lint would have them once opened.
        out.set(uri, customizeDiagnostics(found, this.settings.for(input.filePath).customizations));
      }
    }
    return [...walked, ...out].map(([uri, diagnostics]) => ({ uri, diagnostics }));
  }

  // ------------------------------------------------------------------ code actions

  /**
   * Code actions at a range. `lazy`: the client resolves code actions, so fix-all comes without
   * its edit (resolveCodeAction computes it). `cancelled`: $/cancelRequest arrived.
   */
  async codeActions(doc: TextDocument, range: Range, context: CodeActionContext, lazy = false, cancelled: () => boolean = () => false): Promise<CodeAction[]> {
    const state = await this.lintState(doc);
    if (cancelled()) return [];
    const filePath = lintNameOf(doc.uri);
    const text = doc.getText();
    // The diagnostics as published (with their related information).
    const published = new Map(state.result?.diagnostics.map((d, i) => [d, (state.converted ?? state.diagnostics)[i]]) ?? []);
    const toLsp = (d: FileResult['diagnostics'][number]) => published.get(d) ?? toLspDiagnostic(doc, d);
    const actions = await codeActionsFor({
      doc,
      result: state.result,
      range,
      only: context.only,
      yaml: !isJsonText(filePath, text.replace(/^\uFEFF/, '')),
      toLsp,
      mask: (t) => maskSecrets(t, state.source?.secrets ?? []),
      fixedText: () => this.fixedText(doc, state),
      lazyFixAll: lazy ? { uri: doc.uri, version: doc.version } : undefined,
      disableForFile: (ruleId) => {
        const off = disableInConfig(this.workspace, doc, ruleId, this.canCreateFiles || !this.clientWatchesFiles);
        if (!off || this.clientWatchesFiles) return off;
        return { configName: off.configName, command: { title: `Disable ${ruleId} for this file`, command: DISABLE_FOR_FILE_COMMAND, arguments: [doc.uri, ruleId] } };
      },
    });
    return actions.concat(this.linkFixes(doc, state, range, context, toLsp));
  }

  /**
   * The command of "Disable for this file": the config written by the server (then read again), or
   * the edit for the client to apply where the config is open in the editor.
   */
  disableForFileCommand(uri: string, ruleId: string): { edit: WorkspaceEdit } | { written: string } | undefined {
    const doc = this.workspace.openDocuments().find((d) => d.uri === uri);
    if (!doc) return undefined;
    // A client that watches no files never said a config appeared: look for it afresh.
    this.workspace.config.invalidate();
    const done = writeDisableForFile(this.workspace, doc, ruleId);
    if (done && 'written' in done) this.configChanged();
    return done;
  }

  /** Quick fixes that use the links (nearest process names, a missing mongoDbVersions entry). */
  private linkFixes(doc: TextDocument, state: LintState, range: Range, context: CodeActionContext, toLsp: (d: FileResult['diagnostics'][number]) => LspDiagnostic): CodeAction[] {
    if (!state.result || !wantsKind(CodeActionKind.QuickFix, context.only)) return [];
    const under = state.result.diagnostics.filter((d) => LINK_FIX_RULES.has(d.ruleId) && rangesOverlap(toLsp(d).range, range));
    const p = under.length ? this.parsedDoc(doc) : undefined;
    const file = p && fileLinks(this.workspace, doc.uri, p.filePath, doc.getText(), doc, this.state(doc.uri).links);
    return file && p ? linkQuickFixes({ file, parsed: p.parsed, diagnostics: under, toLsp }) : [];
  }

  /** The text of a document with every safe fix applied. */
  private async fixedText(doc: TextDocument, state: LintState): Promise<string> {
    const filePath = lintNameOf(doc.uri);
    const cwd = path.dirname(path.resolve(filePath));
    // From the version's own run: fix-all lints only the fixed texts (it linted the text again before).
    const { results } = await fixProject(this.workspace.project, state.inputs, state.options, state.run);
    const mine = results.find((r) => r.filePath === displayPath(filePath, cwd));
    return mine?.output ?? doc.getText();
  }

  /** codeAction/resolve: the edit of a fix-all offered lazily, for the document's current text. */
  async resolveCodeAction(action: CodeAction, doc: TextDocument | undefined): Promise<CodeAction> {
    const data = action.data as { uri?: unknown; version?: unknown } | undefined;
    if (action.kind !== FIX_ALL_KIND || !doc || data?.uri !== doc.uri || data.version !== doc.version) return action;
    const state = await this.lintState(doc);
    const edit = await fixAllEdit(doc, () => this.fixedText(doc, state));
    return edit ? { ...action, edit } : action;
  }

  // ------------------------------------------------------------------ hover and completion

  private subject(doc: TextDocument, position: Position, forHover: boolean) {
    const text = doc.getText();
    const filePath = lintNameOf(doc.uri);
    const onDisk = uriToPath(doc.uri);
    if (onDisk && isConfigFile(onDisk)) return undefined;
    const settings = this.workspace.settingsFor(filePath);
    if (settings.ignored) return undefined;
    const offset = doc.offsetAt(position);
    const st = this.state(doc.uri);
    // The text's parse (shared with lint; parsed once per version) gives the items and the cursor
    // reader. A big text's new version is not parsed for hover (the lint will): the cursor is read
    // from the text and the items of the document's last parse serve meanwhile.
    const parsed = text.length >= UNPARSED_HOVER_MIN_CHARS ? this.workspace.project.cachedParse(filePath, text) : this.workspace.project.parse(filePath, text);
    const lines = parsed ? undefined : new TextLines(hasBom(text) ? text.slice(1) : text);
    const earlier = parsed ? undefined : this.workspace.project.lastParseOfFile(filePath);
    const { items } = st.items.at(text, offset, filePath, settings, parsed, earlier, lines);
    // Not parsed yet: a big JSON text's cursor from the last parse's containers when the edit since kept the structure.
    const ctx = parsed ? this.cursorOf(st, parsed, offset) : cursorContext(text, offset, filePath, lines, earlier && !hasBom(text) ? containersAcross([st.cursorSource, earlier], text, offset) : undefined);
    if (!ctx) return undefined;
    const pointer = forHover ? targetPointer(ctx) : ctx.itemPointer ?? ctx.pointer;
    const item = itemAt(items, ctx.docIndex, pointer);
    const kind = itemKind(item);
    if (!item || !kind) return undefined;
    const tokens = splitPointer(pointer.slice(item.base.length));
    return { ctx, kind, tokens, item, parsed };
  }

  /**
   * The cursor in a parsed text. A big JSON text's containers at an offset are read from its start
   * once per version: after a local edit they come from the parse that placed the last cursor
   * (shifted across the edit, as before the new version is parsed) while the structure is kept.
   */
  private cursorOf(st: DocState, parsed: SourceFile, offset: number): CursorContext | undefined {
    const source = st.cursorSource;
    const across = source && source !== parsed && !parsed.bom && !source.bom ? containersAcross([source], parsed.text, offset) : undefined;
    if (across) return cursorContext(parsed.text, offset, parsed.fileName, parsed.cursorLines, across);
    st.cursorSource = parsed.syntax === 'json' && parsed.text.length <= REUSE_MAX_CHARS ? parsed : undefined;
    return editorCursor(parsed, offset);
  }

  /** What the key, value or item under the cursor is, and "read more" of the rules reported there. */
  hover(doc: TextDocument, position: Position): Hover | null {
    const lint = this.states.get(doc.uri)?.lint;
    return withRuleDocs(this.schemaHover(doc, position), lint?.version === doc.version ? lint.diagnostics : [], position);
  }

  private schemaHover(doc: TextDocument, position: Position): Hover | null {
    const s = this.subject(doc, position, true);
    if (!s) return this.itemHover(doc, position);
    const { ctx } = s;
    // Where a key goes (a word being typed is nothing yet), or on no token: perhaps an item's start.
    if ((ctx.at === 'key' && ctx.key === undefined && ctx.itemPointer === undefined) || ctx.replaceStart === ctx.replaceEnd) return this.itemHover(doc, position);
    const token = doc.getText().slice(ctx.replaceStart, ctx.replaceEnd).replace(/^["']|["']$/g, '');
    return hoverFor(doc, ctx, { kind: s.kind, tokens: s.tokens, itemValue: s.item.value, token });
  }

  /** On an item's `- `, or the `{` / `[` that opens it: the item's name (`member rs0_1`). */
  private itemHover(doc: TextDocument, position: Position): Hover | null {
    const onDisk = uriToPath(doc.uri);
    if (onDisk && isConfigFile(onDisk)) return null;
    const filePath = lintNameOf(doc.uri);
    if (this.workspace.settingsFor(filePath).ignored) return null;
    const text = doc.getText();
    // As for the subject: a big text's new version is not parsed for a hover.
    const parsed = text.length >= UNPARSED_HOVER_MIN_CHARS ? this.workspace.project.cachedParse(filePath, text) : this.workspace.project.parse(filePath, text);
    return parsed ? itemHover(doc, parsed, doc.offsetAt(position) - (hasBom(text) ? 1 : 0)) : null;
  }

  /**
   * Completion at a position. `trigger`: the character that triggered it, if any; a space only
   * completes values and sequence items, not keys (not on every space of an indentation).
   */
  completion(doc: TextDocument, position: Position, trigger?: string): CompletionList {
    const s = this.subject(doc, position, false);
    if (!s) return { isIncomplete: false, items: [] };
    if (trigger === ' ' && s.ctx.at === 'key' && s.ctx.itemPointer === undefined) return { isIncomplete: false, items: [] };
    return completionFor(doc, s.ctx as CursorContext, { kind: s.kind, tokens: s.tokens, itemValue: s.item.value }, { snippets: this.snippetSupport, indentMode: this.snippetIndentMode, lineBreak: s.parsed?.lines.lineBreak });
  }

  /** Whether completion offers snippets (the client's completionItem.snippetSupport). */
  private snippetSupport = false;
  private snippetIndentMode: SnippetIndentMode;
  /** `indentMode`: how the client indents a snippet's later lines (see snippets.ts forIndentMode). */
  setSnippetSupport(on: boolean, indentMode?: SnippetIndentMode): void {
    this.snippetSupport = on;
    this.snippetIndentMode = indentMode;
  }

  // ------------------------------------------------------------------ navigation (names that link documents)

  /** The document's last link index and how many were built or shifted (tests count them). */
  linkMemo(uri: string): LinkMemo | undefined {
    return this.states.get(uri)?.links;
  }

  /** Where the name under the cursor is defined (a member's host → its process, …). */
  definition(doc: TextDocument, position: Position): Location[] {
    return definition(this.workspace, doc, position, this.state(doc.uri).links);
  }

  /** Every use of the name under the cursor (and its definitions with `includeDeclaration`). */
  references(doc: TextDocument, position: Position, includeDeclaration = true): Location[] {
    return references(this.workspace, doc, position, includeDeclaration, this.state(doc.uri).links);
  }

  /** Every place of the name under the cursor in this document (its definitions and uses): textDocument/documentHighlight. */
  documentHighlights(doc: TextDocument, position: Position): DocumentHighlight[] {
    return references(this.workspace, doc, position, true, this.state(doc.uri).links)
      .filter((l) => l.uri === doc.uri)
      .map((l) => ({ range: l.range, kind: DocumentHighlightKind.Text }));
  }

  /** The range of the name under the cursor, or null where there is no name to rename. */
  prepareRename(doc: TextDocument, position: Position): Range | null {
    return prepareRename(this.workspace, doc, position, this.state(doc.uri).links);
  }

  /** Edits that rename the name under the cursor everywhere it is defined and used. */
  rename(doc: TextDocument, position: Position, newName: string): WorkspaceEdit | null {
    return rename(this.workspace, doc, position, newName, this.state(doc.uri).links);
  }

  /** The shared parse of an editor document, unless it is a config file or ignored. */
  private parsedDoc(doc: TextDocument) {
    const onDisk = uriToPath(doc.uri);
    if (onDisk && isConfigFile(onDisk)) return undefined;
    const filePath = lintNameOf(doc.uri);
    const settings = this.workspace.settingsFor(filePath);
    if (settings.ignored) return undefined;
    return { parsed: this.workspace.project.parse(filePath, doc.getText()), filePath, settings };
  }

  /** The outline: processes, replica sets, sharded clusters, mongoDbVersions; alert configs. */
  documentSymbols(doc: TextDocument): DocumentSymbol[] {
    const p = this.parsedDoc(doc);
    return p ? documentSymbols(doc, p.parsed, parsedItems(p.parsed, p.filePath, p.settings)) : [];
  }

  /**
   * workspace/symbol: the outline's names (processes, replica sets, alert configurations, …) whose
   * name contains the query (case-insensitive): of every open document (its buffer), and of the
   * files of the workspace `folders` that are not open (from disk, where the entry point gave the
   * walk), MAX_WORKSPACE_SYMBOLS at most. Stops, with what it found, when `cancelled`.
   */
  async workspaceSymbols(query: string, folders: string[] = [], cancelled: () => boolean = () => false): Promise<SymbolInformation[]> {
    const q = query.toLowerCase();
    const out: SymbolInformation[] = [];
    const walk = (uri: string, symbols: DocumentSymbol[], container?: string) => {
      for (const s of symbols) {
        if (s.name.toLowerCase().includes(q)) out.push({ name: s.name, kind: s.kind, location: { uri, range: s.selectionRange }, ...(container ? { containerName: container } : {}) });
        if (s.children) walk(uri, s.children, s.name);
      }
    };
    for (const doc of this.workspace.openDocuments()) walk(doc.uri, this.documentSymbols(doc));
    if (out.length > MAX_WORKSPACE_SYMBOLS) return out.slice(0, MAX_WORKSPACE_SYMBOLS);
    if (this.files && folders.length) await this.files.symbols(folders, query, (p) => Boolean(this.workspace.documentAt(p)), cancelled, out);
    return out;
  }

  /**
   * In `range`: the host:port of the process beside each member's `host` (setting
   * omlint.inlayHints.enable), a threshold's units beside it (omlint.inlayHints.thresholdUnits.enable).
   */
  inlayHints(doc: TextDocument, range: Range): InlayHint[] {
    const { inlayHintsEnable, thresholdUnitsEnable } = this.editorSettings(doc.uri);
    if (!inlayHintsEnable && !thresholdUnitsEnable) return [];
    const p = this.parsedDoc(doc);
    if (!p) return [];
    const inside = (at: Position) => rangesOverlap({ start: at, end: at }, range);
    const items = parsedItems(p.parsed, p.filePath, p.settings);
    const hints = [...(inlayHintsEnable ? inlayHints(doc, p.parsed, items) : []), ...(thresholdUnitsEnable ? thresholdUnitHints(doc, p.parsed, items) : [])];
    return hints.filter((h) => inside(h.position));
  }

  /** Links of the modelines' schemas and of the rule ids in `# omlint-disable…` comments. */
  documentLinks(doc: TextDocument): DocumentLink[] {
    const p = this.parsedDoc(doc);
    return p ? documentLinks(doc, p.parsed, uriToPath(doc.uri)) : [];
  }

  /** Lenses over replica sets (members, voting, versions) and processes (where referenced). */
  codeLenses(doc: TextDocument): CodeLens[] {
    if (!this.editorSettings(doc.uri).codeLensEnable) return [];
    const p = this.parsedDoc(doc);
    return p ? codeLenses(doc, p.parsed, parsedItems(p.parsed, p.filePath, p.settings)) : [];
  }

  /**
   * textDocument/formatting and rangeFormatting: the edits of the printed text (format.ts), null
   * where the setting omlint.format.enable is off for the document's folder. Throws FormatRefused.
   */
  format(doc: TextDocument, options: FormattingOptions, range?: Range): TextEdit[] | null {
    if (!this.editorSettings(doc.uri).formatEnable) return null;
    return formatEdits(doc, isJsonText(lintNameOf(doc.uri), doc.getText().replace(/^\uFEFF/, '')), options, range);
  }

  foldingRanges(doc: TextDocument): FoldingRange[] {
    const text = doc.getText().replace(/^\uFEFF/, '');
    if (isJsonText(lintNameOf(doc.uri), text)) return jsonFoldingRanges(text, this.parsedDoc(doc)?.parsed);
    // The version's parse (shared with the lint and the outline) knows its lines; a config file is read alone.
    return yamlFoldingRanges(this.parsedDoc(doc)?.parsed.cursorLines ?? new TextLines(text));
  }

  selectionRanges(doc: TextDocument, positions: Position[]): SelectionRange[] {
    const p = this.parsedDoc(doc);
    return p ? selectionRanges(doc, p.parsed, positions) : positions.map((at) => ({ range: { start: at, end: at } }));
  }
}

export { OmlintLanguageService as LanguageService };
