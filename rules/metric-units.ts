import { defineRule } from '../src/core/rule';
import { isObject, knownEvent } from '../src/model/alerts';
import { isAtlasOnlyEvent } from '../src/model/events';
import { metricInfo, unitFitsMetric, type MetricInfo } from '../src/model/metrics';
import { DATA_UNITS, TIME_UNITS, unitFamily } from '../src/model/units';
import { withArticle } from '../src/core/article';

function acceptedUnits(metric: MetricInfo): string {
  switch (metric.family) {
    case 'data':
      return `${DATA_UNITS.join(', ')} or RAW`;
    case 'time':
      return `${TIME_UNITS.join(', ')} or RAW`;
    default:
      return 'RAW';
  }
}

function describe(metric: MetricInfo): string {
  if (metric.family === 'data') return 'a data-size metric';
  if (metric.family === 'time') return 'a time metric';
  return `${withArticle(metric.measure ?? 'raw')} metric`;
}

export default defineRule({
  meta: {
    id: 'metric-units',
    kinds: ['alert-config', 'global-alert-config'],
    defaultSeverity: 'warning',
    description: "metricThreshold.units must be able to measure the metric (RAW always can).",
    messages: {
      wrongUnits: '{{units}} cannot measure {{metricName}}, {{describe}}; use {{acceptedUnits}}.',
    },
    docs: {
      why:
        'The threshold is read in `units`: memory and storage metrics in data units, durations in ' +
        'time units, counts, rates, ratios and percentages as RAW. A unit of the wrong family ' +
        'makes the threshold meaningless (SECONDS of resident memory). RAW is accepted for every ' +
        'metric. Metrics whose unit family is uncertain are not checked.',
      bad: `eventTypeName: OUTSIDE_METRIC_THRESHOLD
enabled: true
metricThreshold:
  metricName: MEMORY_RESIDENT
  mode: AVERAGE
  operator: GREATER_THAN
  threshold: 24
  units: SECONDS
notifications:
  - typeName: EMAIL
    emailAddress: dba-oncall@example.com
    delayMin: 5
    intervalMin: 60
`,
      good: `eventTypeName: OUTSIDE_METRIC_THRESHOLD
enabled: true
metricThreshold:
  metricName: MEMORY_RESIDENT
  mode: AVERAGE
  operator: GREATER_THAN
  threshold: 24
  units: GIGABYTES
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
    if (isAtlasOnlyEvent(doc.eventTypeName)) return;
    const event = knownEvent(doc);
    if (event && event.info.metricThreshold === 'none') return; // ignored: metric-threshold-not-applicable
    const { metricName, units } = doc.metricThreshold;
    const metric = metricInfo(metricName);
    if (!metric || typeof units !== 'string') return;
    const family = unitFamily(units);
    if (!family || unitFitsMetric(metric, family)) return; // unknown units are the schema's
    ctx.report({
      pointer: '/metricThreshold/units',
      messageId: 'wrongUnits',
      data: { units, metricName, describe: describe(metric), acceptedUnits: acceptedUnits(metric) },
    });
  },
});
