import { defineRule } from '../src/core/rule';
import { eventIgnoring, ignoredFieldReport } from '../src/model/alerts';

export default defineRule({
  meta: {
    id: 'threshold-not-applicable',
    kinds: ['alert-config', 'global-alert-config'],
    defaultSeverity: 'warning',
    description: 'threshold is ignored on events that do not use one.',
    hasSuggestions: true,
    messages: {
      notApplicable: '{{name}} does not use threshold{{metric}}, so it is ignored; remove it.',
    },
    docs: {
      why:
        '`threshold` is read by the events that compare a count, such as TOO_FEW_HEALTHY_MEMBERS, ' +
        'TOO_MANY_UNHEALTHY_MEMBERS and TOO_MANY_ELECTIONS. On an event without a threshold it is ' +
        'ignored, so the alert fires on every occurrence, not past the limit that was written. ' +
        'Metric events take `metricThreshold` instead.',
      bad: `eventTypeName: NO_PRIMARY
enabled: true
threshold:
  operator: GREATER_THAN
  threshold: 1
notifications:
  - typeName: EMAIL
    emailAddress: dba-oncall@example.com
    delayMin: 0
    intervalMin: 60
`,
      good: `eventTypeName: NO_PRIMARY
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba-oncall@example.com
    delayMin: 0
    intervalMin: 60
`,
    },
  },
  check(ctx) {
    const event = eventIgnoring(ctx.value, 'threshold');
    if (!event) return;
    const metric = event.info.metricThreshold !== 'none' ? ' (metric events take metricThreshold)' : '';
    ctx.report(ignoredFieldReport('threshold', 'notApplicable', { name: event.name, metric }));
  },
});
