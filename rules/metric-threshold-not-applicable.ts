import { defineRule } from '../src/core/rule';
import { eventIgnoring, ignoredFieldReport } from '../src/model/alerts';

export default defineRule({
  meta: {
    id: 'metric-threshold-not-applicable',
    kinds: ['alert-config', 'global-alert-config'],
    defaultSeverity: 'warning',
    description: 'metricThreshold is ignored on events other than OUTSIDE_METRIC_THRESHOLD.',
    hasSuggestions: true,
    messages: {
      notApplicable: '{{name}} does not use metricThreshold, so it is ignored; remove it, or use eventTypeName OUTSIDE_METRIC_THRESHOLD for a metric alert.',
    },
    docs: {
      why:
        'Only metric events read `metricThreshold`. On any other event it is ignored, which usually ' +
        'means the configuration is not the metric alert its author meant (for example ' +
        '`eventTypeName: HOST_DOWN` with a CPU threshold).',
      bad: `eventTypeName: HOST_DOWN
enabled: true
metricThreshold:
  metricName: CONNECTIONS
  mode: AVERAGE
  operator: GREATER_THAN
  threshold: 5000
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
  metricName: CONNECTIONS
  mode: AVERAGE
  operator: GREATER_THAN
  threshold: 5000
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
    const event = eventIgnoring(ctx.value, 'metricThreshold');
    if (event) ctx.report(ignoredFieldReport('metricThreshold', 'notApplicable', { name: event.name }));
  },
});
