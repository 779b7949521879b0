import { defineRule } from '../src/core/rule';
import { isObject, knownEvent } from '../src/model/alerts';
import { MATCHER_FIELDS_BY_TARGET, TARGET_LABEL } from '../src/model/events';
import { MATCHER_FIELD_NAMES } from '../src/model/matchers';
import { withArticle } from '../src/core/article';

const MATCHER_FIELD_NAME_SET: ReadonlySet<string> = new Set(MATCHER_FIELD_NAMES);

export default defineRule({
  meta: {
    id: 'matcher-field-name',
    kinds: ['alert-config', 'global-alert-config'],
    defaultSeverity: 'error',
    description: "A matcher's fieldName must suit the event's target (host, replica set, sharded cluster).",
    messages: {
      notForEvent: '{{name}} is {{aTarget}} event, which cannot be matched on {{field}}; use one of {{allowed}}.',
    },
    docs: {
      why:
        'Each event is about one kind of object, and matchers can only test that object\'s fields: ' +
        'host events take HOSTNAME, PORT, HOSTNAME_AND_PORT, REPLICA_SET_NAME and TYPE_NAME; replica ' +
        'set events REPLICA_SET_NAME, SHARD_NAME and CLUSTER_NAME; sharded cluster events ' +
        'CLUSTER_NAME and SHARD_NAME. Any other field is rejected.',
      bad: `eventTypeName: NO_PRIMARY
enabled: true
matchers:
  - fieldName: HOSTNAME
    operator: STARTS_WITH
    value: db-prod-
notifications:
  - typeName: EMAIL
    emailAddress: dba-oncall@example.com
    delayMin: 0
    intervalMin: 60
`,
      good: `eventTypeName: NO_PRIMARY
enabled: true
matchers:
  - fieldName: REPLICA_SET_NAME
    operator: STARTS_WITH
    value: prod-
notifications:
  - typeName: EMAIL
    emailAddress: dba-oncall@example.com
    delayMin: 0
    intervalMin: 60
`,
    },
  },
  check(ctx) {
    const doc = ctx.value;
    if (!isObject(doc) || !Array.isArray(doc.matchers)) return;
    const event = knownEvent(doc);
    // Events without a target are matchers-not-allowed's.
    if (!event || event.info.target === 'other') return;
    const target = event.info.target;
    const allowed: readonly string[] = MATCHER_FIELDS_BY_TARGET[target];
    doc.matchers.forEach((m: unknown, i: number) => {
      if (!isObject(m)) return;
      const field = m.fieldName;
      // Names outside the matcher vocabulary are the schema's invalid-value.
      if (typeof field !== 'string' || !MATCHER_FIELD_NAME_SET.has(field)) return;
      if (allowed.includes(field)) return;
      ctx.report({
        pointer: `/matchers/${i}/fieldName`,
        messageId: 'notForEvent',
        data: { name: event.name, aTarget: withArticle(TARGET_LABEL[target]), field, allowed: allowed.join(', ') },
      });
    });
  },
});
