// WEBHOOK notifications of the live alerts, really POSTed (docs/serve.md "Live alerts"): the body is
// the alert as the API answers it, with X-MMS-Event and, when the notification has a secret,
// X-MMS-Signature (base64 HMAC-SHA-1 of the body: Ops Manager "Integrate with Webhooks"). Bounded:
// one attempt, a timeout, a cap on deliveries in flight; never awaited by a request.
import { createHmac } from 'node:crypto';
import type { Doc, LiveNotification } from './state';

export const WEBHOOK_TIMEOUT_MS = 5000;
export const WEBHOOK_MAX_IN_FLIGHT = 16;

export interface Webhooks {
  deliver(n: LiveNotification, url: string, secret: string | undefined, alert: Doc): void;
  /** Resolves when every delivery started so far has ended (tests, shutdown). */
  idle(): Promise<void>;
}

/**
 * `log` masks what it writes (the server's); `mask` hides a URL's secrets in a line; `recorded` is
 * told when a delivery's outcome was written into its notification, after the request that sent it.
 */
export function webhooks(log: (line: string) => void, maskUrl: (url: string) => string, recorded: () => void = () => {}): Webhooks {
  const inFlight = new Set<Promise<void>>();
  return {
    deliver(n, url, secret, alert) {
      let target: URL;
      try {
        target = new URL(url);
        if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error('not http(s)');
      } catch {
        n.delivery = 'failed: not an http(s) URL';
        log(`webhook ${n.alertId}: ${n.delivery}`);
        return;
      }
      if (inFlight.size >= WEBHOOK_MAX_IN_FLIGHT) {
        n.delivery = `dropped: ${WEBHOOK_MAX_IN_FLIGHT} deliveries in flight`;
        log(`webhook ${maskUrl(url)}: ${n.delivery}`);
        return;
      }
      const body = JSON.stringify(alert);
      const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-MMS-Event': n.kind === 'resolved' ? 'alert.close' : 'alert.open' };
      if (secret !== undefined && secret !== '') headers['X-MMS-Signature'] = createHmac('sha1', secret).update(body).digest('base64');
      const p = fetch(target, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS) }).then(
        async (res) => {
          await res.arrayBuffer().catch(() => undefined);
          n.delivery = `${res.status}`;
          log(`webhook POST ${maskUrl(url)} ${res.status}`);
        },
        (e: unknown) => {
          n.delivery = `failed: ${e instanceof Error ? e.name : 'error'}`;
          log(`webhook POST ${maskUrl(url)} failed: ${e instanceof Error ? e.message : String(e)}`);
        },
      ).finally(() => {
        inFlight.delete(p);
        recorded();
      });
      inFlight.add(p);
    },
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
