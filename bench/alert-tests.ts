// The alert evaluator over long series (issue 35): a month of one-minute samples for 100 hosts
// and 50 metric configurations, stepped as `omlint test` steps it. Prints the time of each size
// and the time per step × host × configuration, to show it linear. Figures go to bench/README.md.
// Run: npx tsx bench/alert-tests.ts [--quick]  (--quick: six and twelve hours)
import os from 'node:os';
import { advance, createEvaluator, slotOf, type EvalConfig, type EvalHost } from '../src/model/alert-eval';

const METRICS = ['CONNECTIONS', 'NORMALIZED_SYSTEM_CPU_USER', 'MEMORY_RESIDENT', 'OPLOG_SLAVE_LAG_MASTER_TIME', 'QUERY_TARGETING_SCANNED_PER_RETURNED'];
const BASE = [2000, 50, 8 * 1024 ** 3, 20_000, 100];

function configs(n: number): EvalConfig[] {
  return Array.from({ length: n }, (_, i) => {
    const metric = i % METRICS.length;
    return {
      name: `c${i}`,
      global: false,
      doc: {
        eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
        metricThreshold: { metricName: METRICS[metric], operator: i % 7 === 0 ? 'LESS_THAN' : 'GREATER_THAN', threshold: BASE[metric] * (i % 7 === 0 ? 0.2 : 1.3 + (i % 5) / 10), units: 'RAW' },
        notifications: [{ typeName: 'SLACK', channelName: '#ops', delayMin: i % 10, intervalMin: 5 + (i % 4) * 15 }, { typeName: 'EMAIL', emailAddress: 'dba@example.com', delayMin: 15, intervalMin: 60 }],
      },
    };
  });
}

function hosts(n: number): EvalHost[] {
  return Array.from({ length: n }, (_, i) => ({ id: `h${i}`, hostname: `db${i}.example.com`, port: 27017, typeName: i % 3 === 0 ? 'PRIMARY' : 'SECONDARY', replicaSetName: `rs${Math.floor(i / 3)}` }));
}

/** One size: the time of the whole run (the series made before the clock starts). */
function run(steps: number, hostCount: number, configCount: number) {
  const start = Date.parse('2026-01-01T00:00:00Z');
  const hs = hosts(hostCount);
  const state = createEvaluator({ start, hosts: hs, configs: configs(configCount) });
  // A deterministic noise with spikes that open and close alerts.
  let seed = 42;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const slots: number[] = [];
  const series: Float64Array[] = [];
  for (const h of hs) {
    METRICS.forEach((m, k) => {
      const s = new Float64Array(steps);
      let level = BASE[k];
      for (let t = 0; t < steps; t++) {
        // About one excursion a day per host and metric, lasting about 40 minutes.
        if (rand() < 0.0007) level = BASE[k] * (rand() < 0.5 ? 2 : 0.1);
        else if (rand() < 0.025) level = BASE[k];
        s[t] = level * (0.9 + rand() * 0.2);
      }
      slots.push(slotOf(state, h.id, m));
      series.push(s);
    });
  }
  const slotList = Int32Array.from(slots);
  const values = new Float64Array(series.length);
  let notifications = 0;
  const began = performance.now();
  const cpu0 = process.cpuUsage();
  for (let t = 0; t < steps; t++) {
    for (let s = 0; s < series.length; s++) values[s] = series[s][t];
    notifications += advance(state, start + t * 60_000, { samples: { slots: slotList, values } }).notifications.length;
  }
  const ms = performance.now() - began;
  const used = process.cpuUsage(cpu0);
  return { ms, cpuMs: (used.user + used.system) / 1000, notifications, alerts: state.alerts.length, units: steps * hostCount * configCount };
}

const quick = process.argv.includes('--quick');
const MONTH = 31 * 24 * 60;
const sizes: [string, number, number, number][] = quick
  ? [['six hours, 100 hosts, 50 configurations', 360, 100, 50], ['twelve hours, 100 hosts, 50 configurations', 720, 100, 50]]
  : [
    ['a week, 100 hosts, 50 configurations', 7 * 1440, 100, 50],
    ['a month, 50 hosts, 50 configurations', MONTH, 50, 50],
    ['a month, 100 hosts, 25 configurations', MONTH, 100, 25],
    ['a month, 100 hosts, 50 configurations', MONTH, 100, 50],
  ];
// The machine's load beside the figures: on a shared machine it says how far to trust them.
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');
console.log(`Node ${process.version}, ${os.cpus().length} cores, load average ${load()}`);
run(1440, 10, 10); // warm-up: the code hot before the first figure
for (const [name, steps, h, c] of sizes) {
  const r = run(steps, h, c);
  // CPU time beside wall time: on a shared machine the wall time counts the other processes too.
  console.log(`${name.padEnd(42)} wall ${(r.ms / 1000).toFixed(2).padStart(6)} s, CPU ${(r.cpuMs / 1000).toFixed(2).padStart(6)} s  ${((r.cpuMs * 1e6) / r.units).toFixed(1).padStart(5)} ns CPU per step × host × configuration  (${r.alerts} alerts, ${r.notifications} notifications)`);
}
console.log(`load average ${load()}`);
