import { defineWorkspaceRule } from '../src/core/rule';
import { documentLabel, eachRepeat } from '../src/model/document-label';
import { canonicalJson } from '../src/core/canonical-json';
import { isObject } from '../src/core/is-object';

/** The canonical texts of an unordered list (matchers, groupIds, tags), sorted, joined by `|`: absent and empty are the same. */
function canonicalSet(value: unknown): string {
  if (!Array.isArray(value)) return '';
  const n = value.length;
  if (n === 1) return canonicalJson(value[0]);
  if (n > SORTED_IN_PLACE) return value.map(canonicalJson).sort().join('|');
  // A few (most lists): sorted by insertion as sort() would order them, without its arrays.
  const texts: string[] = [];
  for (let i = 0; i < n; i++) {
    const t = canonicalJson(value[i]);
    let j = i - 1;
    for (; j >= 0 && texts[j] > t; j--) texts[j + 1] = texts[j];
    texts[j + 1] = t;
  }
  let out = n > 0 ? texts[0] : '';
  for (let i = 1; i < n; i++) out += '|' + texts[i];
  return out;
}

/** Lists of up to this many items are sorted by insertion (quadratic, so only then). */
const SORTED_IN_PLACE = 8;

/** Between the parts of a condition's key. */
const SEP = '\u0000';

/**
 * What makes an alert configuration fire: its event, matchers and thresholds. A global
 * configuration also has its target projects (forAllGroups, groupIds, tags): two global
 * configurations aimed at different projects are not duplicates. The rule's digest, one string
 * added up: the engine keeps a flat copy of it (detached), which holds nothing of the file's text.
 */
function conditionKey(kind: string, value: unknown): string | undefined {
  const v = value as any;
  if (!isObject(v) || typeof v.eventTypeName !== 'string') return undefined;
  const key = kind + SEP + v.eventTypeName + SEP + canonicalSet(v.matchers) + SEP + canonicalJson(v.metricThreshold) + SEP + canonicalJson(v.threshold);
  return kind === 'global-alert-config' ? key + SEP + canonicalJson(v.forAllGroups) + SEP + canonicalSet(v.groupIds) + SEP + canonicalSet(v.tags) : key;
}

/** Where a duplicate and its first are shown. */
const EVENT_TYPE_NAME = ['/eventTypeName'];

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
  places: () => EVENT_TYPE_NAME,
  check(ctx) {
    eachRepeat(ctx.documents, (doc, first) => {
      const label = documentLabel(first, doc);
      ctx.report(doc, {
        pointer: EVENT_TYPE_NAME[0],
        messageId: 'duplicate',
        data: { label },
        related: [
          {
            filePath: first.filePath,
            documentIndex: first.documentIndex,
            pointer: EVENT_TYPE_NAME[0],
            message: 'The first configuration with this condition.',
          },
        ],
      });
    });
  },
});
