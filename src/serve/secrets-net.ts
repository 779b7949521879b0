// The second net of redaction: every secret value the state holds, masked in each answer and log
// line wherever it was copied (a description, a comment). Collected over the whole state once (when
// first needed, and when a reset or a seed replaces the state), then grown from what each accepted write
// brought: its body and its answer. A value a later write removed stays in the net: masking a
// value that is no longer a secret is safe, missing one that is would not be.
import { collectSecretValues } from '../engine/mask';
import type { State } from './state';

export class SecretsNet {
  private readonly values = new Set<string>();
  /** The values longest first (a secret containing another is masked whole), until the net grows. */
  private list: readonly string[] | undefined;
  private collected = false;

  constructor(private readonly state: State) {}

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
    // Not collected yet: the first collection reads the state as it is then.
    if (!this.collected) return;
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
    }
  }
}
