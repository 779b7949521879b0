// omlint as a formatter only where omlint.format.enable turns it on. A client that registers
// formatting dynamically (VS Code) is told of omlint's formatter only then, for the folders that
// turn it on: registered always, it was a second JSON formatter beside VS Code's own (and a second
// YAML one beside Red Hat's), and VS Code asks in a modal dialog which one to use, with omlint's off.
// A client that cannot be told later (Neovim 0.7) gets the static capability and an empty answer
// where the setting is off (service.format).
import { DocumentFormattingRequest, DocumentRangeFormattingRequest, type Connection, type Disposable, type DocumentSelector } from 'vscode-languageserver';
import type { FolderSettings } from './settings';

/** yaml and json, the languages the server answers for (the VS Code extension's selector). */
const LANGUAGES = ['yaml', 'json'];
const GLOB_SPECIAL = /[*?[\]{}!]/;

/**
 * Where omlint formats: null for every document of the client's selector (the pushed settings turn it
 * on: files outside the folders, or a folder whose path a glob cannot name), the enabled folders'
 * documents, or undefined (nowhere).
 */
export function formatSelector(settings: FolderSettings): DocumentSelector | null | undefined {
  if (settings.global.formatEnable) return null;
  const dirs = settings.folderList().filter((f) => f.settings.formatEnable).map((f) => f.dir.replace(/\\/g, '/'));
  if (dirs.length === 0) return undefined;
  if (dirs.some((d) => GLOB_SPECIAL.test(d))) return null;
  return dirs.flatMap((dir) => LANGUAGES.map((language) => ({ scheme: 'file', language, pattern: `${dir.replace(/\/$/, '')}/**` })));
}

export class FormatRegistration {
  private current: { key: string; disposables: Disposable[] } = { key: 'undefined', disposables: [] };
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly connection: Connection,
    /** The client takes textDocument/formatting and rangeFormatting registered dynamically. */
    readonly dynamic: boolean,
  ) {}

  /** The static capabilities: none where the formatter is registered when turned on. */
  staticCapabilities(): { documentFormattingProvider?: true; documentRangeFormattingProvider?: true } {
    return this.dynamic ? {} : { documentFormattingProvider: true, documentRangeFormattingProvider: true };
  }

  /**
   * The settings changed: registered for where they turn formatting on, unregistered where not.
   * `ready`: the settings being pulled, waited for (a pushed change is followed by a pull: one
   * registration for both, not one for each).
   */
  update(settings: FolderSettings, ready: () => Promise<void> = () => Promise.resolve()): Promise<void> {
    if (!this.dynamic) return this.queue;
    this.queue = this.queue.then(ready).then(async () => {
      const selector = formatSelector(settings);
      const key = JSON.stringify(selector) ?? 'undefined';
      if (key === this.current.key) return;
      const old = this.current.disposables;
      this.current = { key, disposables: [] };
      for (const d of old) d.dispose();
      if (selector === undefined) return;
      try {
        this.current.disposables = await Promise.all([
          this.connection.client.register(DocumentFormattingRequest.type, { documentSelector: selector }),
          this.connection.client.register(DocumentRangeFormattingRequest.type, { documentSelector: selector }),
        ]);
      } catch (e) {
        this.connection.console.error(`omlint: registering the formatter failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    });
    return this.queue;
  }
}
