import { VERSION } from '../core/version';
// The language server: vscode-languageserver over stdio (or whatever transport the command line
// names), wired to the transport-free OmlintLanguageService. Diagnostics are debounced per
// document (a wait adapted to the document's lint time: scheduler.ts) and never published for a
// version older than the document's current one.
import {
  CodeActionKind,
  createConnection,
  ErrorCodes,
  InsertTextMode,
  ResponseError,
  DidChangeWatchedFilesNotification,
  DidChangeConfigurationNotification,
  LSPErrorCodes,
  ProposedFeatures,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type Location,
  type WorkDoneProgressServerReporter,
  type InitializeResult,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createHash } from 'node:crypto';
import { FIX_ALL_KIND } from './code-actions';
import { SHOW_REFERENCES_COMMAND } from './code-lens';
import { isConfigFile } from './config';
import { DISABLE_FOR_FILE_COMMAND } from './disable-file';
import { DiagnosticsScheduler, MAX_DEBOUNCE_MS } from './scheduler';
import { HeapPolicy } from './heap';
import { OmlintLanguageService } from './service';
import { InvalidRenameError } from './navigation';
import { uriToPath } from './uris';
import { FormatRefused } from './format';
import type { FolderWalk } from './workspace-files';
import { FormatRegistration } from './format-registration';

export const SERVER_VERSION = VERSION;
/** A first lint that lasts longer than this shows progress in the client. */
export const PROGRESS_AFTER_MS = 500;
/** The longest pause after the last edit before linting (scheduler.ts adapts it to the lint's cost). */
export const DEBOUNCE_MS = MAX_DEBOUNCE_MS;

export interface ServerOptions {
  /** A connection to serve (default: from the command line, else stdio). */
  connection?: Connection;
  /** The longest wait after an edit (0: lint at once). */
  debounceMs?: number;
  /** Clock for date rules. */
  now?: () => Date;
  /** Sets V8 flags at run time (node:v8's setFlagsFromString, given by src/bin); without it the heap keeps V8's own growth. */
  setV8Flags?: (flags: string) => void;
  /** The CLI's walk of a folder (src/cli/files.ts walkFolder, given by the entry point): workspace diagnostics and symbols of files never opened. */
  walkFolder?: FolderWalk;
}

function defaultConnection(): Connection {
  const named = process.argv.some((a) => /^--(stdio|node-ipc|socket|pipe)(=|$)/.test(a) || a.startsWith('--clientProcessId'));
  return named ? createConnection(ProposedFeatures.all) : createConnection(ProposedFeatures.all, process.stdin, process.stdout);
}

export function startServer(options: ServerOptions = {}): void {
  const connection = options.connection ?? defaultConnection();
  const debounce = options.debounceMs ?? DEBOUNCE_MS;
  const documents = new TextDocuments(TextDocument);
  const service = new OmlintLanguageService({
    now: options.now,
    onConfigError: (message) => void connection.window.showErrorMessage(`omlint: configuration error: ${message}`),
    walkFolder: options.walkFolder,
    onNote: (message, show) => (show ? void connection.window.showWarningMessage(message) : connection.console.info(message)),
  });
  /** The workspace folders as paths (workspace diagnostics and symbols walk them). */
  const folderPaths = () => folders.flatMap((f) => uriToPath(f) ?? []);
  const openedVersion = new Map<string, number>();
  // The heap's growth between collections, bounded while a big document is open (heap.ts).
  const heap = options.setV8Flags && new HeapPolicy(options.setV8Flags);
  const openChars = () => documents.all().reduce((n, d) => n + d.getText().length, 0);
  let watchDynamically = false;
  let watchFolders = false;
  /** The client shows server-initiated progress (window/workDoneProgress/create). */
  let workDoneProgress = false;
  let registerConfiguration = false;
  /** The client resolves code actions: fix-all's edit is computed when chosen. */
  let lazyFixAll = false;
  /** The client answers workspace/configuration: settings are pulled per workspace folder. */
  let pullSettings = false;
  let folders: string[] = [];
  /** The folders' settings as last pulled: every lint and request waits for the pull under way. */
  let settingsReady: Promise<void> = Promise.resolve();
  let formatting: FormatRegistration | undefined;

  async function pullFolderSettings(): Promise<void> {
    if (!pullSettings) return;
    try {
      const scopes = folders.length ? folders : [undefined];
      const answers: unknown[] = await connection.workspace.getConfiguration(scopes.map((scopeUri) => ({ ...(scopeUri ? { scopeUri } : {}), section: 'omlint' })));
      const changed = folders.length
        ? service.setFolderSettings(folders.map((uri, i) => ({ uri, settings: answers[i] })))
        : service.setEditorSettings(answers[0]);
      if (changed) {
        scheduleAll();
        refreshViews();
      }
    } catch (e) {
      connection.console.error(`omlint: reading the settings failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  /** Lenses and hints asked for again (their settings may have changed), where the client supports it; the formatter registered where it is on. */
  let canRefreshLenses = false;
  let canRefreshHints = false;
  const refreshViews = () => {
    if (canRefreshLenses) void connection.sendRequest('workspace/codeLens/refresh').catch(() => undefined);
    void formatting?.update(service.settings, () => settingsReady);
    if (canRefreshHints) void connection.languages.inlayHint.refresh().catch(() => undefined);
  };
  const refreshSettings = () => {
    settingsReady = settingsReady.then(pullFolderSettings);
    return settingsReady;
  };

  // Tests set a shorter wait: how long a lint lasts depends on the machine, what follows the wait does not.
  const progressAfterMs = Number(process.env.OMLINT_DEBUG_PROGRESS_AFTER_MS) || PROGRESS_AFTER_MS;
  /** Documents linted once since they were opened (a first lint may show progress). */
  const linted = new Set<string>();

  /**
   * Progress in the client while a document's first lint lasts longer than PROGRESS_AFTER_MS
   * (the lint yields to the event loop, so the timer fires during it). Returns the end of it.
   */
  function firstLintProgress(uri: string): () => void {
    if (!workDoneProgress || linted.has(uri)) return () => {};
    let finished = false;
    let due = false;
    let reporter: WorkDoneProgressServerReporter | undefined;
    const begin = () => reporter?.begin('omlint', undefined, `Linting ${decodeURIComponent(uri.slice(uri.lastIndexOf('/') + 1))}`);
    // The token is asked for at once (the client must answer before it is used), so that it is
    // ready when the wait is over; a lint that ends first ends the token unused.
    void connection.window.createWorkDoneProgress().then((p) => {
      reporter = p;
      if (finished) p.done();
      else if (due) begin();
    }, () => undefined);
    const timer = setTimeout(() => {
      due = true;
      begin();
    }, progressAfterMs);
    return () => {
      finished = true;
      clearTimeout(timer);
      reporter?.done();
    };
  }

  async function validate(uri: string, current: () => boolean): Promise<void> {
    await settingsReady;
    const doc = documents.get(uri);
    if (!doc) return;
    const version = doc.version;
    let diagnostics;
    const endProgress = firstLintProgress(uri);
    try {
      diagnostics = await service.diagnostics(doc);
      linted.add(uri);
    } catch (e) {
      connection.console.error(`omlint: linting ${uri} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      return;
    } finally {
      endProgress();
    }
    // A newer request, or a newer text: this result is stale.
    if (!current()) return;
    if (documents.get(uri)?.version !== version) return;
    void connection.sendDiagnostics({ uri, version, diagnostics });
  }

  const scheduler = new DiagnosticsScheduler({ run: validate, maxDelayMs: debounce });
  const schedule = (uri: string, immediate = false) => scheduler.schedule(uri, immediate);
  const scheduleAll = () => {
    for (const d of documents.all()) schedule(d.uri);
  };

  connection.onInitialize((params): InitializeResult => {
    watchDynamically = Boolean(params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration);
    service.clientWatchesFiles = watchDynamically;
    lazyFixAll = Boolean(params.capabilities.textDocument?.codeAction?.resolveSupport?.properties.includes('edit'));
    service.canCreateFiles = Boolean(params.capabilities.workspace?.workspaceEdit?.resourceOperations?.includes('create'));
    const completion = params.capabilities.textDocument?.completion;
    // A snippet's later lines: as written where the client takes insertTextMode asIs, else relative
    // to the line for a client that adjusts them by default (VS Code nested them twice).
    const indentMode = completion?.completionItem?.insertTextModeSupport?.valueSet.includes(InsertTextMode.asIs)
      ? 'asIs'
      : completion?.insertTextMode === InsertTextMode.adjustIndentation
        ? 'adjust'
        : undefined;
    service.setSnippetSupport(Boolean(completion?.completionItem?.snippetSupport), indentMode);
    // Pull diagnostics for the workspace: the cross-document findings in files that are not open
    // (open documents keep getting theirs pushed).
    const pull = Boolean(params.capabilities.textDocument?.diagnostic);
    // The editor's settings (the VS Code extension sends omlint.targetVersion here).
    service.setEditorSettings(params.initializationOptions);
    // Settings per folder, as the ESLint extension reads them (multi-root workspaces).
    pullSettings = Boolean(params.capabilities.workspace?.configuration);
    folders = (params.workspaceFolders ?? []).map((f) => f.uri);
    if (!folders.length && params.rootUri) folders = [params.rootUri];
    watchFolders = Boolean(params.capabilities.workspace?.workspaceFolders);
    workDoneProgress = Boolean(params.capabilities.window?.workDoneProgress);
    canRefreshLenses = Boolean(params.capabilities.workspace?.codeLens?.refreshSupport);
    canRefreshHints = Boolean(params.capabilities.workspace?.inlayHint?.refreshSupport);
    // Told of every change of the section (the pull model's trigger), where the client registers it dynamically.
    registerConfiguration = pullSettings && Boolean(params.capabilities.workspace?.didChangeConfiguration?.dynamicRegistration);
    const text = params.capabilities.textDocument;
    formatting = new FormatRegistration(connection, Boolean(text?.formatting?.dynamicRegistration && text?.rangeFormatting?.dynamicRegistration));
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        executeCommandProvider: { commands: [DISABLE_FOR_FILE_COMMAND, SHOW_REFERENCES_COMMAND] },
        hoverProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        documentHighlightProvider: true,
        renameProvider: { prepareProvider: true },
        documentSymbolProvider: true,
        workspaceSymbolProvider: true,
        codeLensProvider: { resolveProvider: false },
        documentLinkProvider: { resolveProvider: false },
        inlayHintProvider: { resolveProvider: false },
        foldingRangeProvider: true,
        ...formatting.staticCapabilities(),
        selectionRangeProvider: true,
        completionProvider: { triggerCharacters: [':', ' ', '"'], resolveProvider: false },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND], resolveProvider: true },
        ...(pull ? { diagnosticProvider: { identifier: 'omlint-workspace', interFileDependencies: true, workspaceDiagnostics: true } } : {}),
      },
      ...(watchFolders ? { workspace: { workspaceFolders: { supported: true, changeNotifications: true } } } : {}),
      serverInfo: { name: 'omlint-language-server', version: SERVER_VERSION },
    };
  });

  // Clients that push settings (vscode-languageclient's synchronize.configurationSection: 'omlint').
  // A client that can be asked: every change is a reason to ask each folder again.
  connection.onDidChangeConfiguration((params) => {
    const settings = params.settings as { omlint?: unknown } | null | undefined;
    if (settings?.omlint && service.setEditorSettings(settings.omlint)) {
      scheduleAll();
      refreshViews();
    }
    if (pullSettings) void refreshSettings();
  });

  connection.onInitialized(() => {
    if (pullSettings) void refreshSettings();
    void formatting?.update(service.settings, () => settingsReady);
    if (registerConfiguration) void connection.client.register(DidChangeConfigurationNotification.type, { section: 'omlint' }).catch(() => undefined);
    if (watchFolders) {
      connection.workspace.onDidChangeWorkspaceFolders((e) => {
        const removed = new Set(e.removed.map((f) => f.uri));
        folders = [...folders.filter((f) => !removed.has(f)), ...e.added.map((f) => f.uri)];
        void refreshSettings();
      });
    }
    if (!watchDynamically) return;
    void connection.client.register(DidChangeWatchedFilesNotification.type, {
      // .omlintignore: the walk of workspace diagnostics and symbols reads it (workspace-files.ts).
      watchers: [{ globPattern: '**/omlint.config.{yaml,yml,json}' }, { globPattern: '**/*.{json,yaml,yml}' }, { globPattern: '**/.omlintignore' }],
    });
  });

  documents.onDidOpen((e) => {
    heap?.update(openChars());
    const affected = service.setDocument(e.document);
    openedVersion.set(e.document.uri, e.document.version);
    schedule(e.document.uri, true);
    for (const uri of affected) schedule(uri);
  });

  documents.onDidChangeContent((e) => {
    const { uri, version } = e.document;
    // TextDocuments also reports the opening as a change: already handled.
    if (openedVersion.get(uri) === version) return;
    openedVersion.delete(uri);
    heap?.update(openChars());
    const affected = service.setDocument(e.document);
    schedule(uri);
    for (const other of affected) schedule(other);
  });

  documents.onDidClose((e) => {
    const { uri } = e.document;
    scheduler.forget(uri);
    openedVersion.delete(uri);
    linted.delete(uri);
    const affected = service.closeDocument(uri);
    heap?.update(openChars());
    void connection.sendDiagnostics({ uri, diagnostics: [] });
    for (const other of affected) schedule(other);
  });

  connection.onDidChangeWatchedFiles((params) => {
    let config = false;
    const changed: string[] = [];
    for (const c of params.changes) {
      const p = uriToPath(c.uri);
      if (!p) continue;
      if (isConfigFile(p)) config = true;
      else changed.push(p);
    }
    if (config) {
      service.configChanged();
      scheduleAll();
    } else if (changed.length) {
      for (const uri of service.filesChanged(changed)) schedule(uri);
    }
  });

  connection.onExecuteCommand(async (params) => {
    // A lens clicked in a client that sends its command back (VS Code's extension peeks them itself): the first place it counts.
    if (params.command === SHOW_REFERENCES_COMMAND) {
      const first = (params.arguments?.[2] as Location[] | undefined)?.[0];
      if (first && typeof first.uri === 'string') await connection.window.showDocument({ uri: first.uri, selection: first.range, takeFocus: true }).catch(() => undefined);
      return null;
    }
    if (params.command !== DISABLE_FOR_FILE_COMMAND) return null;
    const [uri, ruleId] = params.arguments ?? [];
    if (typeof uri !== 'string' || typeof ruleId !== 'string') return null;
    try {
      const done = service.disableForFileCommand(uri, ruleId);
      if (done && 'edit' in done) await connection.workspace.applyEdit({ label: `Disable ${ruleId} for this file`, edit: done.edit });
      else if (done) scheduleAll();
    } catch (e) {
      void connection.window.showErrorMessage(`omlint: could not disable ${ruleId} for this file: ${e instanceof Error ? e.message : String(e)}`);
    }
    return null;
  });

  connection.onHover((params) => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc) return null;
    try {
      return service.hover(doc, params.position);
    } catch (e) {
      connection.console.error(`omlint: hover failed: ${e instanceof Error ? e.message : String(e)}`);
      return null;
    }
  });

  connection.onCompletion((params) => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc) return null;
    try {
      return service.completion(doc, params.position, params.context?.triggerCharacter);
    } catch (e) {
      connection.console.error(`omlint: completion failed: ${e instanceof Error ? e.message : String(e)}`);
      return null;
    }
  });

  /** A navigation request on an open document; a failure is logged, never thrown at the client. */
  function navigate<T>(what: string, uri: string, empty: T, run: (doc: TextDocument) => T): T | ResponseError {
    const doc = documents.get(uri);
    if (!doc) return empty;
    try {
      return run(doc);
    } catch (e) {
      // A new name that cannot stand there: an error the editor shows, not an empty edit.
      if (e instanceof InvalidRenameError) return new ResponseError(ErrorCodes.InvalidParams, e.message);
      connection.console.error(`omlint: ${what} failed: ${e instanceof Error ? e.message : String(e)}`);
      return empty;
    }
  }
  connection.onDefinition((p) => navigate('definition', p.textDocument.uri, [], (doc) => service.definition(doc, p.position)));
  connection.onReferences((p) => navigate('references', p.textDocument.uri, [], (doc) => service.references(doc, p.position, p.context.includeDeclaration)));
  connection.onDocumentHighlight((p) => navigate('document highlights', p.textDocument.uri, [], (doc) => service.documentHighlights(doc, p.position)));
  connection.onPrepareRename((p) => navigate('prepare rename', p.textDocument.uri, null, (doc) => service.prepareRename(doc, p.position)));
  connection.onRenameRequest((p) => navigate('rename', p.textDocument.uri, null, (doc) => service.rename(doc, p.position, p.newName)));
  connection.onDocumentSymbol((p) => navigate('document symbols', p.textDocument.uri, [], (doc) => service.documentSymbols(doc)));
  connection.onWorkspaceSymbol(async (p, token) => {
    try {
      return await service.workspaceSymbols(p.query, folderPaths(), () => token.isCancellationRequested);
    } catch (e) {
      connection.console.error(`omlint: workspace symbols failed: ${e instanceof Error ? e.message : String(e)}`);
      return [];
    }
  });
  connection.onDocumentLinks((p) => navigate('document links', p.textDocument.uri, [], (doc) => service.documentLinks(doc)));
  connection.languages.inlayHint.on((p) => navigate('inlay hints', p.textDocument.uri, [], (doc) => service.inlayHints(doc, p.range)));
  connection.onCodeLens((p) => navigate('code lens', p.textDocument.uri, [], (doc) => service.codeLenses(doc)));
  /** Formatting: a refusal (a text that does not parse, a printing that would change it) is an error the client shows. */
  async function format(uri: string, run: (doc: TextDocument) => ReturnType<OmlintLanguageService['format']>) {
    await settingsReady;
    const doc = documents.get(uri);
    if (!doc) return null;
    try {
      return run(doc);
    } catch (e) {
      if (e instanceof FormatRefused) return new ResponseError(LSPErrorCodes.RequestFailed, `omlint: cannot format: ${e.message}`);
      connection.console.error(`omlint: formatting failed: ${e instanceof Error ? e.message : String(e)}`);
      return null;
    }
  }
  connection.onDocumentFormatting((p) => format(p.textDocument.uri, (doc) => service.format(doc, p.options)));
  connection.onDocumentRangeFormatting((p) => format(p.textDocument.uri, (doc) => service.format(doc, p.options, p.range)));
  connection.onFoldingRanges((p) => navigate('folding ranges', p.textDocument.uri, [], (doc) => service.foldingRanges(doc)));
  connection.onSelectionRanges((p) => navigate('selection ranges', p.textDocument.uri, [], (doc) => service.selectionRanges(doc, p.positions)));

  connection.onCodeAction(async (params, token) => {
    // Debounced like diagnostics (code actions are asked for at every cursor move): after the
    // document's pending lint, whose result they then read.
    await scheduler.settled(params.textDocument.uri);
    const doc = documents.get(params.textDocument.uri);
    if (!doc || token.isCancellationRequested) return [];
    try {
      return await service.codeActions(doc, params.range, params.context, lazyFixAll, () => token.isCancellationRequested || documents.get(doc.uri)?.version !== doc.version);
    } catch (e) {
      connection.console.error(`omlint: code actions failed: ${e instanceof Error ? e.message : String(e)}`);
      return [];
    }
  });

  connection.onCodeActionResolve(async (action) => {
    const uri = (action.data as { uri?: unknown } | undefined)?.uri;
    try {
      return await service.resolveCodeAction(action, typeof uri === 'string' ? documents.get(uri) : undefined);
    } catch (e) {
      connection.console.error(`omlint: resolving a code action failed: ${e instanceof Error ? e.message : String(e)}`);
      return action;
    }
  });

  // Open documents get pushed diagnostics: the document pull adds nothing to them.
  connection.languages.diagnostics.on(() => ({ kind: 'full', items: [] }));
  connection.languages.diagnostics.onWorkspace(async (params, token) => {
    try {
      const report = await service.workspaceDiagnostics(() => token.isCancellationRequested, folderPaths());
      // The client asks again every few seconds: a file whose findings it has is answered "unchanged".
      const previous = new Map(params.previousResultIds.map((r) => [r.uri, r.value]));
      return {
        items: report.map((r) => {
          const resultId = createHash('sha1').update(JSON.stringify(r.diagnostics)).digest('hex');
          return previous.get(r.uri) === resultId ? { kind: 'unchanged' as const, uri: r.uri, version: null, resultId } : { kind: 'full' as const, uri: r.uri, version: null, resultId, items: r.diagnostics };
        }),
      };
    } catch (e) {
      connection.console.error(`omlint: workspace diagnostics failed: ${e instanceof Error ? e.message : String(e)}`);
      return { items: [] };
    }
  });

  documents.listen(connection);
  connection.listen();
}
