// The second net of redaction: every secret value the state holds, masked in each answer and log
// line wherever it was copied (a description, a comment). Collected over the whole state once (when
// first needed, and when a reset or a seed replaces the state), then grown from what each accepted write
// brought: its body and its answer. A value a later write removed stays in the net: masking a
// value that is no longer a secret is safe, missing one that is would not be.
import { collectSecretValues, maskSecrets } from '../engine/mask';
import { maskUrl } from './redact';
import type { State } from './state';

/** Strings masked once are remembered up to this length and count (the same documents are answered again and again). */
const MEMO_MAX_LENGTH = 512;
const MEMO_MAX_ENTRIES = 50_000;

export class SecretsNet {
  private readonly values = new Set<string>();
  /** The values longest first (a secret containing another is masked whole), until the net grows. */
  private list: readonly string[] | undefined;
  private collected = false;
  /** What maskText and maskUrl answered for the net as it is: forgotten when it grows. */
  private readonly texts = new Map<string, string>();
  private readonly urls = new Map<string, string>();

  constructor(private readonly state: State) {}

  /** A text through the one mask (maskSecrets) with the net. */
  maskText(text: string): string {
    return this.memo(this.texts, text, (t) => maskSecrets(t, this.get()));
  }

  /** A URL or path with each segment and query piece masked alone (redact.ts maskUrl) with the net. */
  maskUrl(url: string): string {
    return this.memo(this.urls, url, (u) => maskUrl(u, this.get()));
  }

  private memo(map: Map<string, string>, key: string, compute: (s: string) => string): string {
    const known = map.get(key);
    if (known !== undefined) return known;
    // A first use collects the net (which clears the memo): computed before anything is remembered.
    const out = compute(key);
    if (key.length <= MEMO_MAX_LENGTH) {
      if (map.size >= MEMO_MAX_ENTRIES) map.clear();
      map.set(key, out);
    }
    return out;
  }

  /** The net, longest first. */
  get(): readonly string[] {
    if (!this.collected) this.collectAll();
    return (this.list ??= [...this.values].sort((a, b) => b.length - a.length));
  }

  /** The state was replaced: its secrets are collected afresh (the old ones are kept: see above). */
  collectAll(): void {
    this.collected = true;
    const s = this.state;
    const docs = [s.hosts, s.alertConfigs, s.alerts, s.maintenanceWindows, s.integrations, s.globalAlertConfigs, s.orgEvents, s.globalEvents, s.automationStatus, s.automationConfigs.map((c) => c.config)].flat();
    this.addValues(collectSecretValues(docs.map((value) => ({ value })), { wide: true }));
    this.addKeys();
  }

  /**
   * A write was carried out: the secrets of what it brought (the parsed body, the answer before
   * redaction) join the net, and the keys' secrets (a key the server made holds a private key no
   * body carried). The keys are few; the documents of the state are not read.
   */
  addWrite(...values: unknown[]): void {
    const docs = values.filter((v) => v !== null && typeof v === 'object').map((value) => ({ value }));
    if (docs.length > 0) this.addValues(collectSecretValues(docs, { wide: true }));
    this.addKeys();
  }

  private addKeys(): void {
    const keys = [...this.state.apiKeys.map((k) => k.privateKey), ...this.state.users.flatMap((u) => (u.apiKey ? [u.apiKey] : []))];
    this.addValues(keys.filter((k) => typeof k === 'string' && k.length >= 4));
  }

  private addValues(values: readonly string[]): void {
    for (const v of values) {
      if (this.values.has(v)) continue;
      this.values.add(v);
      this.list = undefined;
      this.texts.clear();
      this.urls.clear();
    }
  }
}
