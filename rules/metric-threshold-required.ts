import { defineRule } from '../src/core/rule';
import { requiredFieldCheck } from '../src/model/alerts';

export default defineRule({
  meta: {
    id: 'metric-threshold-required',
    kinds: ['alert-config', 'global-alert-config'],
    defaultSeverity: 'error',
    description: 'OUTSIDE_METRIC_THRESHOLD alerts need a metricThreshold.',
    messages: {
      missing: '{{name}} needs a metricThreshold (metricName, operator, threshold, units, mode AVERAGE), or the API rejects the configuration; add one.',
    },
    docs: {
      why:
        '`OUTSIDE_METRIC_THRESHOLD` fires when a metric crosses a threshold, and `metricThreshold` ' +
        'says which metric and which threshold. The API rejects the configuration without it.',
      bad: `eventTypeName: OUTSIDE_METRIC_THRESHOLD
enabled: true
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
  check: requiredFieldCheck('metricThreshold'),
});
