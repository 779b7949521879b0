// The omlint VS Code extension: a thin client that starts the bundled omlint language server
// (dist/server.mjs, one file) and adds the commands, settings and status bar item around it.
// Everything the user sees in a document (diagnostics, quick fixes, hover, completion) comes
// from the server.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { LanguageClient, State, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { inScope } from './scope';
import { statusText } from './status';

const FIX_ALL_KIND = vscode.CodeActionKind.SourceFixAll.append('omlint');
const SHOW_RULE_DOCS = 'omlint.showRuleDocs';

/** "omlint: Show rule documentation" of one rule, as a link (diagnostic codes, hover "read more"). */
export function ruleDocsCommand(id: string): vscode.Uri {
  return vscode.Uri.parse(`command:${SHOW_RULE_DOCS}?${encodeURIComponent(JSON.stringify([id]))}`);
}
const LANGUAGES = ['yaml', 'json'];

interface RuleEntry {
  id: string;
  description: string;
  defaultSeverity: string;
  url: string;
}

interface Settings {
  enable: boolean;
  targetVersion: string;
  files: string[];
  /** Transition rules against the file at git HEAD (issue 19). */
  againstHead: boolean;
}

function readSettings(): Settings {
  const c = vscode.workspace.getConfiguration('omlint');
  return {
    enable: c.get<boolean>('enable', true),
    targetVersion: (c.get<string | null>('targetVersion') ?? '').trim(),
    files: c.get<string[]>('files', ['**/*.yaml', '**/*.yml', '**/*.json']),
    againstHead: c.get<boolean>('transitions.againstHead', true),
  };
}

/** Whether a document matches one of the `omlint.files` globs (relative ones: to each workspace folder). */
function matchesFiles(doc: vscode.TextDocument, globs: string[]): boolean {
  for (const glob of globs) {
    if (glob.startsWith('**/') || glob.startsWith('/')) {
      if (vscode.languages.match({ pattern: glob }, doc) > 0) return true;
      continue;
    }
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      if (vscode.languages.match({ pattern: new vscode.RelativePattern(folder, glob) }, doc) > 0) return true;
    }
  }
  return false;
}

class OmlintExtension {
  private client: LanguageClient | undefined;
  private settings = readSettings();
  private readonly output = vscode.window.createOutputChannel('omlint');
  private readonly status = vscode.window.createStatusBarItem('omlint.status', vscode.StatusBarAlignment.Right, 100);
  private rules: RuleEntry[] | undefined;

  constructor(private readonly context: vscode.ExtensionContext) {
    this.status.name = 'omlint';
    this.status.command = 'omlint.showOutput';
    context.subscriptions.push(this.output, this.status);
  }

  /** The rule's page shipped in the extension (docs/rules/<id>.md), if there is one. */
  private bundledDoc(id: string): vscode.Uri | undefined {
    if (!/^[a-z0-9][a-z0-9-]*$/.test(id)) return undefined;
    const file = this.context.asAbsolutePath(path.join('docs', 'rules', `${id}.md`));
    return existsSync(file) ? vscode.Uri.file(file) : undefined;
  }

  /** The rule id of a link to a bundled rule page (the server links diagnostics and hovers there). */
  private bundledDocId(target: vscode.Uri): string | undefined {
    if (target.scheme !== 'file') return undefined;
    const docs = this.context.asAbsolutePath(path.join('docs', 'rules'));
    if (path.dirname(target.fsPath) !== docs || !target.fsPath.endsWith('.md')) return undefined;
    return path.basename(target.fsPath, '.md');
  }

  /** Links to bundled rule pages become the command that opens them in the Markdown preview. */
  private docLinksInDiagnostics(diagnostics: vscode.Diagnostic[]): vscode.Diagnostic[] {
    for (const d of diagnostics) {
      if (typeof d.code !== 'object') continue;
      const id = this.bundledDocId(d.code.target);
      if (id) d.code = { value: d.code.value, target: ruleDocsCommand(id) };
    }
    return diagnostics;
  }

  private docLinksInHover(hover: vscode.Hover | null | undefined): vscode.Hover | null | undefined {
    if (!hover) return hover;
    hover.contents = hover.contents.map((c) => {
      if (!(c instanceof vscode.MarkdownString)) return c;
      let changed = false;
      const value = c.value.replace(/\]\((file:[^)\s]+)\)/g, (whole, href: string) => {
        const id = this.bundledDocId(vscode.Uri.parse(href));
        if (!id) return whole;
        changed = true;
        return `](${ruleDocsCommand(id).toString()})`;
      });
      if (!changed) return c;
      const md = new vscode.MarkdownString(value, c.supportThemeIcons);
      // Only this command runs from the hover's links.
      md.isTrusted = { enabledCommands: [SHOW_RULE_DOCS] };
      return md;
    });
    return hover;
  }

  wanted(doc: vscode.TextDocument): boolean {
    return inScope({ uriPath: doc.uri.path, text: doc.getText(), matchesFiles: matchesFiles(doc, this.settings.files) });
  }

  private clientOptions(): LanguageClientOptions {
    const documentSelector = LANGUAGES.flatMap((language) => [
      { scheme: 'file', language },
      { scheme: 'untitled', language },
    ]);
    return {
      documentSelector,
      outputChannel: this.output,
      // Read by the server on start and on every change (workspace/didChangeConfiguration).
      synchronize: { configurationSection: 'omlint' },
      initializationOptions: () => ({ targetVersion: this.settings.targetVersion || undefined, files: this.settings.files, transitions: { againstHead: this.settings.againstHead } }),
      middleware: {
        // Documents outside `omlint.files` that declare no kind get nothing from omlint.
        handleDiagnostics: (uri, diagnostics, next) => {
          const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
          next(uri, doc && !this.wanted(doc) ? [] : this.docLinksInDiagnostics(diagnostics));
        },
        provideCodeActions: (doc, range, context, token, next) => (this.wanted(doc) ? next(doc, range, context, token) : []),
        provideHover: async (doc, position, token, next) => (this.wanted(doc) ? this.docLinksInHover(await next(doc, position, token)) : null),
        provideCompletionItem: (doc, position, context, token, next) => (this.wanted(doc) ? next(doc, position, context, token) : []),
        // A lens's places in VS Code's own peek view (other clients send the command back to the server).
        provideCodeLenses: async (doc, token, next) =>
          ((await next(doc, token)) ?? []).map((lens) => {
            const c = lens.command;
            if (c?.command !== 'omlint.showReferences' || !Array.isArray(c.arguments)) return lens;
            const [uri, at, locations] = c.arguments as [string, { line: number; character: number }, { uri: string; range: { start: { line: number; character: number }; end: { line: number; character: number } } }[]];
            const pos = (p: { line: number; character: number }) => new vscode.Position(p.line, p.character);
            lens.command = {
              title: c.title,
              command: 'editor.action.showReferences',
              arguments: [vscode.Uri.parse(uri), pos(at), locations.map((l) => new vscode.Location(vscode.Uri.parse(l.uri), new vscode.Range(pos(l.range.start), pos(l.range.end))))],
            };
            return lens;
          }),
        // A rule id's link in an omlint-disable comment: its bundled page in the Markdown preview, as diagnostics do.
        provideDocumentLinks: async (doc, token, next) =>
          ((await next(doc, token)) ?? []).map((link) => {
            const id = link.target && this.bundledDocId(link.target);
            if (id) link.target = ruleDocsCommand(id);
            return link;
          }),
      },
    };
  }

  async start(): Promise<void> {
    if (!this.settings.enable || this.client) return this.updateStatus();
    const module = this.context.asAbsolutePath('dist/server.mjs');
    const serverOptions: ServerOptions = {
      run: { module, transport: TransportKind.ipc },
      debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6019'] } },
    };
    const client = new LanguageClient('omlint', 'omlint', serverOptions, this.clientOptions());
    this.client = client;
    client.onDidChangeState(() => this.updateStatus());
    this.updateStatus();
    try {
      await client.start();
      this.output.appendLine(`omlint language server ${client.initializeResult?.serverInfo?.version ?? ''} started`);
    } catch (e) {
      this.output.appendLine(`omlint: the language server did not start: ${e instanceof Error ? e.message : String(e)}`);
      void vscode.window.showErrorMessage('omlint: the language server did not start. See the omlint output.');
    }
    this.updateStatus();
  }

  async stop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client) {
      try {
        await client.stop();
      } catch {
        // Already stopped (it crashed): nothing left to do.
      }
    }
    this.updateStatus();
  }

  async restart(): Promise<void> {
    this.settings = readSettings();
    await this.stop();
    await this.start();
  }

  async settingsChanged(e: vscode.ConfigurationChangeEvent): Promise<void> {
    if (!e.affectsConfiguration('omlint')) return;
    const before = this.settings;
    this.settings = readSettings();
    // Tracing is the client library's own business; the rest needs a fresh server start
    // (initializationOptions) or a fresh look at which documents are in scope.
    const changed = before.enable !== this.settings.enable || before.targetVersion !== this.settings.targetVersion || before.againstHead !== this.settings.againstHead || before.files.join('\n') !== this.settings.files.join('\n');
    if (changed) await this.restart();
  }

  updateStatus(): void {
    const editor = vscode.window.activeTextEditor;
    if (!editor || !LANGUAGES.includes(editor.document.languageId)) {
      this.status.hide();
      return;
    }
    const state = this.client?.state;
    const version = this.client?.initializeResult?.serverInfo?.version;
    if (!this.settings.enable) {
      this.status.text = '$(circle-slash) omlint';
      this.status.tooltip = 'omlint is disabled (setting omlint.enable)';
    } else if (state === State.Running) {
      const own = this.wanted(editor.document);
      const severities = vscode.languages.getDiagnostics(editor.document.uri).filter((d) => d.source === 'omlint').map((d) => d.severity as number);
      const problems = severities.length;
      this.status.text = statusText(own, severities);
      this.status.tooltip = `omlint language server ${version ?? ''} is running.${own ? ` ${problems} problem(s) in this file.` : ' This file is not an omlint document.'} Click for the log.`;
    } else if (state === State.Starting) {
      this.status.text = '$(sync~spin) omlint';
      this.status.tooltip = 'omlint language server is starting';
    } else {
      this.status.text = '$(error) omlint';
      this.status.tooltip = 'omlint language server is not running. Run "omlint: Restart server", or click for the log.';
    }
    this.status.show();
  }

  showOutput(): void {
    this.output.show(true);
  }

  /** "omlint: Fix all": the server's source.fixAll.omlint action for the active document. */
  async fixAll(): Promise<void> {
    const editor = vscode.window.activeTextEditor;
    if (!editor) return;
    const doc = editor.document;
    const whole = new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length));
    // The server offers fix-all without its edit (computed on codeAction/resolve): resolve the actions returned.
    const actions = (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, whole, FIX_ALL_KIND.value, 10)) ?? [];
    const fix = actions.find((a) => a.kind && FIX_ALL_KIND.contains(a.kind) && a.edit);
    if (!fix?.edit) {
      void vscode.window.showInformationMessage('omlint: nothing in this file can be fixed automatically.');
      return;
    }
    await vscode.workspace.applyEdit(fix.edit);
  }

  private ruleList(): RuleEntry[] {
    if (!this.rules) {
      try {
        this.rules = JSON.parse(readFileSync(this.context.asAbsolutePath('dist/rules.json'), 'utf8')) as RuleEntry[];
      } catch {
        this.rules = [];
      }
    }
    return this.rules;
  }

  /** A rule's page: the bundled markdown in the preview (offline), else its web page. */
  async openRuleDocs(id: string): Promise<void> {
    const bundled = this.bundledDoc(id);
    if (bundled) {
      await vscode.commands.executeCommand('markdown.showPreview', bundled);
      return;
    }
    const url = this.ruleList().find((r) => r.id === id)?.url;
    if (url) await vscode.env.openExternal(vscode.Uri.parse(url));
    else void vscode.window.showInformationMessage(`omlint: no documentation for ${id}.`);
  }

  /** "omlint: Show rule documentation": the given rule, the rule of the problem under the cursor, else a pick of all rules. */
  async showRuleDocs(id?: unknown): Promise<void> {
    if (typeof id === 'string' && id) return this.openRuleDocs(id);
    const editor = vscode.window.activeTextEditor;
    const here: string[] = [];
    if (editor) {
      const position = editor.selection.active;
      for (const d of vscode.languages.getDiagnostics(editor.document.uri)) {
        if (d.source !== 'omlint' || d.code === undefined || !d.range.contains(position)) continue;
        const code = String(typeof d.code === 'object' ? d.code.value : d.code);
        if (!here.includes(code)) here.push(code);
      }
    }
    if (here.length === 1) return this.openRuleDocs(here[0]);
    const atCursor = new Set(here);
    const items: vscode.QuickPickItem[] = [
      ...here.map((h) => ({ label: h, description: 'at the cursor' })),
      ...(here.length ? [{ label: '', kind: vscode.QuickPickItemKind.Separator }] : []),
      ...this.ruleList()
        .filter((r) => !atCursor.has(r.id))
        .map((r) => ({ label: r.id, description: r.defaultSeverity, detail: r.description })),
    ];
    const picked = await vscode.window.showQuickPick(items, { placeHolder: 'omlint rule to read about', matchOnDetail: true });
    if (picked?.label) await this.openRuleDocs(picked.label);
  }
}

let extension: OmlintExtension | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const ext = new OmlintExtension(context);
  extension = ext;
  context.subscriptions.push(
    vscode.commands.registerCommand('omlint.fixAll', () => ext.fixAll()),
    vscode.commands.registerCommand(SHOW_RULE_DOCS, (id?: unknown) => ext.showRuleDocs(id)),
    vscode.commands.registerCommand('omlint.restart', () => ext.restart()),
    vscode.commands.registerCommand('omlint.showOutput', () => ext.showOutput()),
    vscode.workspace.onDidChangeConfiguration((e) => ext.settingsChanged(e)),
    vscode.window.onDidChangeActiveTextEditor(() => ext.updateStatus()),
    vscode.languages.onDidChangeDiagnostics((e) => {
      const active = vscode.window.activeTextEditor?.document.uri.toString();
      if (active && e.uris.some((u) => u.toString() === active)) ext.updateStatus();
    }),
  );
  await ext.start();
}

export async function deactivate(): Promise<void> {
  await extension?.stop();
  extension = undefined;
}
