import { defineRule } from '../src/core/rule';
import { didYouMean, isObject, knownEvent, nearNames } from '../src/model/alerts';
import { isAtlasOnlyEvent } from '../src/model/events';
import { METRIC_NAMES, METRICS } from '../src/model/metrics';

export default defineRule({
  meta: {
    id: 'metric-name',
    kinds: ['alert-config', 'global-alert-config'],
    defaultSeverity: 'error',
    description: 'metricThreshold.metricName must be an Ops Manager metric name.',
    fixable: true,
    hasSuggestions: true,
    messages: {
      unknown: '{{name}} is not an Ops Manager metric name, so the API rejects the configuration.{{hint}}',
    },
    docs: {
      fixes: 'Safe: the one near metric name. Suggestions: each of several near names (a choice).',
      why:
        'The API rejects an unknown metric ("An invalid enumeration value … was specified."). ' +
        'The docs themselves show `ASSERTS_REGULAR` where the metric is `ASSERT_REGULAR`. Both ' +
        '`TICKETS_AVAILABLE_WRITE` and `TICKETS_AVAILABLE_WRITES` are accepted, as both spellings ' +
        'appear in the documentation.',
      bad: `eventTypeName: OUTSIDE_METRIC_THRESHOLD
enabled: true
metricThreshold:
  metricName: ASSERTS_REGULAR
  mode: AVERAGE
  operator: GREATER_THAN
  threshold: 10
  units: RAW
notifications:
  - typeName: EMAIL
    emailAddress: dba-oncall@example.com
    delayMin: 5
    intervalMin: 60
`,
      good: `eventTypeName: OUTSIDE_METRIC_THRESHOLD
enabled: true
metricThreshold:
  metricName: ASSERT_REGULAR
  mode: AVERAGE
  operator: GREATER_THAN
  threshold: 10
  units: RAW
notifications:
  - typeName: EMAIL
    emailAddress: dba-oncall@example.com
    delayMin: 5
    intervalMin: 60
`,
    },
  },
  check(ctx) {
    const doc = ctx.value;
    if (!isObject(doc) || !isObject(doc.metricThreshold)) return;
    const name = doc.metricThreshold.metricName;
    if (typeof name !== 'string' || METRICS.has(name)) return;
    // Atlas-only events have Atlas metrics; event-type-name has already said the event is Atlas's.
    if (isAtlasOnlyEvent(doc.eventTypeName)) return;
    // An unknown event is event-type-name's; on a non-metric event the whole metricThreshold is
    // ignored, which metric-threshold-not-applicable says.
    const event = knownEvent(doc);
    if (typeof doc.eventTypeName === 'string' && (!event || event.info.metricThreshold === 'none')) return;
    const pointer = '/metricThreshold/metricName';
    const near = nearNames(name, METRIC_NAMES);
    ctx.report({
      pointer,
      messageId: 'unknown',
      data: { name, hint: near.length > 0 ? didYouMean(near) : ' See the metric names of OUTSIDE_METRIC_THRESHOLD alerts.' },
      fix: near.length === 1 ? { title: `Replace with ${near[0]}`, ops: [{ op: 'replace', pointer, value: near[0] }] } : undefined,
      suggestions:
        near.length > 1 ? near.map((n) => ({ title: `Replace with ${n}`, ops: [{ op: 'replace' as const, pointer, value: n }] })) : undefined,
    });
  },
});
