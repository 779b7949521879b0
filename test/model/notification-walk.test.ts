// The notifications of a document are walked once, a fact of the document the rules share
// (issue 37, clean16): a dozen rules used to walk them each, reading every typeName again.
import { describe, expect, it } from 'vitest';
import { DocumentFacts } from '../../src/core/facts';
import { eachNotification, eachNotificationInScope } from '../../src/model/alerts';
import { loadRules } from '../../rules/registry';
import type { DocumentRule } from '../../src/core/types';

/** An alert configuration whose notifications count their reads. */
function counted() {
  const list = [
    { typeName: 'GROUP', roles: ['GROUP_OWNER'], emailEnabled: true, smsEnabled: false, intervalMin: 60 },
    { typeName: 'EMAIL', emailAddress: 'a@example.com', intervalMin: 15 },
    { typeName: 'ADMIN' },
    'not an object',
  ];
  const reads = { count: 0 };
  const doc = { eventTypeName: 'HOST_DOWN', enabled: true, get notifications() {
    reads.count++;
    return list;
  } };
  return { doc, reads };
}

describe('the notifications walk', () => {
  it('is made once per document for every rule that asks through its facts, the same notifications as before', () => {
    const { doc, reads } = counted();
    const facts = new DocumentFacts(doc);
    const seen: string[] = [];
    eachNotification(doc, (n, i, p) => seen.push(`${i} ${p} ${n.typeName}`), facts);
    eachNotificationInScope(doc, 'alert-config', (n, info, p) => seen.push(`${p} ${n.typeName} ${info.required.join(',')}`), facts);
    eachNotificationInScope(doc, 'global-alert-config', (n, _info, p) => seen.push(`global ${p} ${n.typeName}`), facts);
    eachNotification(doc, () => undefined, facts);
    expect(reads.count).toBe(1);
    expect(seen).toEqual([
      '0 /notifications/0 GROUP', '1 /notifications/1 EMAIL', '2 /notifications/2 ADMIN',
      '/notifications/0 GROUP emailEnabled,smsEnabled', '/notifications/1 EMAIL emailAddress',
      'global /notifications/0 GROUP', 'global /notifications/1 EMAIL', 'global /notifications/2 ADMIN',
    ]);
    // Without the document's facts: a walk of its own each time.
    eachNotification(doc, () => undefined);
    expect(reads.count).toBe(2);
  });

  it('is shared by the alert rules of a document', async () => {
    const rules = (await loadRules(['alert-config'])).filter((r): r is DocumentRule => !r.meta.scope || r.meta.scope === 'document');
    const { doc, reads } = counted();
    const facts = new DocumentFacts(doc);
    const walkers = ['deprecated-notification-type', 'notification-field-not-applicable', 'notification-interval', 'notification-required-field', 'notification-role', 'notification-type', 'snmp-address', 'webhook-secret-without-url'];
    for (const rule of rules.filter((r) => walkers.includes(r.meta.id))) {
      rule.check({ value: doc, kind: 'alert-config', filePath: 'a.alert-config.yaml', options: { now: new Date(0), secretPlaceholders: [] }, report: () => undefined, isTemplate: () => false, facts });
    }
    expect(reads.count).toBe(1);
  });
});
