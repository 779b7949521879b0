import { defineWorkspaceRule } from '../src/core/rule';
import type { ScopeDocument } from '../src/core/types';
import { documentLabel } from '../src/model/document-label';

/**
 * A string as JSON.stringify writes it; most need no escape (checked by character code: the
 * builtin costs more than the loop on the short names and values of a configuration).
 */
function quote(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return JSON.stringify(s);
  }
  return `"${s}"`;
}

/** Object keys quoted once: the same few names (fieldName, operator, metricName…) come back in every document. */
const QUOTED_KEYS = new Map<string, string>();
function quotedKey(key: string): string {
  let q = QUOTED_KEYS.get(key);
  if (q === undefined) {
    q = quote(key);
    // Bounded: a hostile scope of a million distinct keys must not grow it without end.
    if (QUOTED_KEYS.size < 4096) QUOTED_KEYS.set(key, q);
  }
  return q;
}

/** Objects of up to this many keys are sorted by insertion; a bigger one (a hostile document) by Array.prototype.sort. */
const INSERTION_SORT_KEYS = 16;

/** An object's keys in the order of Array.prototype.sort (UTF-16 code units); by insertion when few. */
function sortedKeys(value: object): string[] {
  const keys = Object.keys(value);
  // Quadratic by insertion: 40,000 keys took 2.7 s against 7 ms for the built-in sort.
  if (keys.length > INSERTION_SORT_KEYS) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const k = keys[i];
    let j = i - 1;
    for (; j >= 0 && keys[j] > k; j--) keys[j + 1] = keys[j];
    keys[j + 1] = k;
  }
  return keys;
}

/**
 * JSON with object keys sorted, so that key order does not make two values differ. (NaN and
 * ±Infinity write as null, as JSON.stringify writes them.)
 */
function canonical(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    default:
      return JSON.stringify(value) ?? 'null';
  }
  if (value === null) return 'null';
  // Plain loops: this runs for every alert configuration of a run.
  let out: string;
  if (Array.isArray(value)) {
    out = '[';
    for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + canonical(value[i]);
    return `${out}]`;
  }
  const keys = sortedKeys(value);
  out = '{';
  for (let i = 0; i < keys.length; i++) out += `${i ? ',' : ''}${quotedKey(keys[i])}:${canonical((value as Record<string, unknown>)[keys[i]])}`;
  return `${out}}`;
}

/** An unordered list (matchers, groupIds, tags): absent and empty are the same. */
function canonicalSet(value: unknown): string {
  if (!Array.isArray(value)) return '';
  if (value.length === 1) return canonical(value[0]);
  if (value.length === 2) {
    // Two matchers (the most common list): sorted as sort() would, without its arrays.
    const a = canonical(value[0]);
    const b = canonical(value[1]);
    return a <= b ? `${a}|${b}` : `${b}|${a}`;
  }
  return value.map(canonical).sort().join('|');
}

/**
 * What makes an alert configuration fire: its event, matchers and thresholds. A global
 * configuration also has its target projects (forAllGroups, groupIds, tags): two global
 * configurations aimed at different projects are not duplicates. The rule's digest: a string of
 * its own (join() builds a flat string; a value's string kept as it is would keep its file's text).
 */
function conditionKey(kind: string, value: unknown): string | undefined {
  const v = value as any;
  if (v === null || typeof v !== 'object' || Array.isArray(v) || typeof v.eventTypeName !== 'string') return undefined;
  const parts = [kind, v.eventTypeName, canonicalSet(v.matchers), canonical(v.metricThreshold), canonical(v.threshold)];
  if (kind === 'global-alert-config') {
    parts.push(canonical(v.forAllGroups), canonicalSet(v.groupIds), canonicalSet(v.tags));
  }
  return parts.join('\u0000');
}

export default defineWorkspaceRule<string>({
  meta: {
    id: 'duplicate-alert-config',
    kinds: ['alert-config', 'global-alert-config'],
    defaultSeverity: 'warning',
    scope: 'workspace',
    description: 'Two alert configurations with the same event, matchers and thresholds.',
    messages: {
      duplicate: 'This alert configuration repeats the one in {{label}}: same eventTypeName, matchers and thresholds, so each alert opens twice and notifies twice; merge them into one configuration.',
    },
    docs: {
      why:
        'Two configurations that fire on the same event, for the same matchers and thresholds, ' +
        'open two alerts for one condition and send every notification twice. It is usually a ' +
        'copy left behind; merge the notifications into one configuration. Matchers are compared ' +
        'in any order.',
      bad: `# Two documents of one project scope (here one file; the rule also compares files).
eventTypeName: OUTSIDE_METRIC_THRESHOLD
enabled: true
metricThreshold:
  metricName: CONNECTIONS
  mode: AVERAGE
  operator: GREATER_THAN
  threshold: 5000
  units: RAW
notifications:
  - typeName: GROUP
    roles:
      - GROUP_OWNER
    emailEnabled: true
    smsEnabled: false
    delayMin: 0
    intervalMin: 60
---
eventTypeName: OUTSIDE_METRIC_THRESHOLD
enabled: true
metricThreshold:
  metricName: CONNECTIONS
  mode: AVERAGE
  operator: GREATER_THAN
  threshold: 5000
  units: RAW
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 15
`,
      good: `# One configuration per condition, with all its notifications.
eventTypeName: OUTSIDE_METRIC_THRESHOLD
enabled: true
metricThreshold:
  metricName: CONNECTIONS
  mode: AVERAGE
  operator: GREATER_THAN
  threshold: 5000
  units: RAW
notifications:
  - typeName: GROUP
    roles:
      - GROUP_OWNER
    emailEnabled: true
    smsEnabled: false
    delayMin: 0
    intervalMin: 60
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 15
---
eventTypeName: OUTSIDE_METRIC_THRESHOLD
enabled: true
metricThreshold:
  metricName: CONNECTIONS
  mode: AVERAGE
  operator: GREATER_THAN
  threshold: 8000
  units: RAW
notifications:
  - typeName: GROUP
    roles:
      - GROUP_OWNER
    emailEnabled: true
    smsEnabled: true
    delayMin: 0
    intervalMin: 15
`,
    },
  },
  digest: (doc) => conditionKey(doc.kind, doc.value),
  check(ctx) {
    const firstWithKey = new Map<string, ScopeDocument<string>>();
    for (const doc of ctx.documents) {
      const key = doc.digest!;
      const first = firstWithKey.get(key);
      if (!first) {
        firstWithKey.set(key, doc);
        continue;
      }
      const label = documentLabel(first, doc);
      ctx.report(doc, {
        pointer: '/eventTypeName',
        messageId: 'duplicate',
        data: { label },
        related: [
          {
            filePath: first.filePath,
            documentIndex: first.documentIndex,
            pointer: '/eventTypeName',
            message: 'The first configuration with this condition.',
          },
        ],
      });
    }
  },
});
