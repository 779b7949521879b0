// Documents the language-server benchmarks edit, generated (multi-megabyte files are not committed):
// a stream of alert configurations, and the corpus's real automation config grown by copies of its
// processes, as block YAML or JSON.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const AUTOMATION = path.resolve(ROOT, '../shared/corpus/automation-config/mck__bug-hunt__artifacts__fixed-ac.json');

/** Many alert configurations as one multi-document YAML stream of about `bytes`. */
export function alertStream(bytes = 100_000): string {
  const events = ['HOST_DOWN', 'OUTSIDE_METRIC_THRESHOLD', 'NO_PRIMARY', 'TOO_FEW_HEALTHY_MEMBERS'];
  let out = '';
  for (let i = 0; out.length < bytes; i++) {
    const ev = events[i % events.length];
    out += `---\neventTypeName: ${ev}\nenabled: true\n`;
    if (ev === 'OUTSIDE_METRIC_THRESHOLD') {
      out += `metricThreshold:\n  metricName: CONNECTIONS\n  mode: AVERAGE\n  operator: GREATER_THAN\n  threshold: ${1000 + i}\n  units: RAW\n`;
    } else if (ev === 'HOST_DOWN') {
      out += `matchers:\n  - fieldName: HOSTNAME\n    operator: STARTS_WITH\n    value: db${i}\n`;
    } else if (ev === 'TOO_FEW_HEALTHY_MEMBERS') {
      out += `threshold:\n  operator: LESS_THAN\n  threshold: ${2 + (i % 3)}\n`;
      out += `matchers:\n  - fieldName: REPLICA_SET_NAME\n    operator: EQUALS\n    value: rs${i}\n`;
    } else {
      out += `matchers:\n  - fieldName: REPLICA_SET_NAME\n    operator: EQUALS\n    value: rs${i}\n`;
    }
    out += `notifications:\n  - typeName: EMAIL\n    emailAddress: oncall${i}@example.com\n    intervalMin: 60\n    delayMin: 0\n`;
    out += `  - typeName: GROUP\n    roles: [GROUP_OWNER]\n    emailEnabled: true\n    smsEnabled: false\n    intervalMin: 15\n    delayMin: 5\n`;
  }
  return out;
}

/** Block YAML of a JSON value (strings double-quoted, which YAML reads as JSON strings): fast for megabytes. */
export function blockYaml(value: unknown, indent = ''): string {
  const key = (k: string) => (/^[A-Za-z_][\w.-]*$/.test(k) ? k : JSON.stringify(k));
  const scalar = (v: unknown) => (typeof v === 'string' ? JSON.stringify(v) : String(v));
  const isContainer = (v: unknown) => v !== null && typeof v === 'object' && Object.keys(v).length > 0;
  let out = '';
  if (Array.isArray(value)) {
    for (const v of value) {
      if (isContainer(v)) out += `${indent}-\n${blockYaml(v, `${indent}  `)}`;
      else out += `${indent}- ${Array.isArray(v) ? '[]' : v !== null && typeof v === 'object' ? '{}' : scalar(v)}\n`;
    }
  } else {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (isContainer(v)) out += `${indent}${key(k)}:\n${blockYaml(v, `${indent}  `)}`;
      else out += `${indent}${key(k)}: ${Array.isArray(v) ? '[]' : v !== null && typeof v === 'object' ? '{}' : scalar(v)}\n`;
    }
  }
  return out;
}

/** The corpus automation config grown (more processes) to at least `bytes` of block YAML. */
export function bigAutomationYaml(bytes: number): string {
  const ac = JSON.parse(readFileSync(AUTOMATION, 'utf8')) as { processes: { name: string }[] };
  const base = [...ac.processes];
  const rest = blockYaml(ac).length;
  const per = blockYaml({ processes: base }).length;
  const copies = Math.max(0, Math.ceil((bytes - rest) / per));
  for (let round = 1; round <= copies; round++) ac.processes.push(...base.map((p) => ({ ...p, name: `${p.name}-copy${round}` })));
  return blockYaml(ac);
}


interface Process {
  name: string;
  version?: string;
  args2_6?: { net?: { tls?: Record<string, unknown> } };
}

/**
 * The corpus automation config grown to at least `bytes` of JSON indented by 2. `fixable`: every
 * process spells net.tls.mode the SSL way (tls-mode-spelling, a safe fix on 4.2+ processes), so
 * that fix-all has thousands of edits to compute.
 */
export function bigAutomationJson(bytes: number, fixable = false): string {
  const ac = JSON.parse(readFileSync(AUTOMATION, 'utf8')) as { processes: Process[] };
  if (fixable) {
    for (const p of ac.processes) {
      p.args2_6 ??= {};
      p.args2_6.net ??= {};
      p.args2_6.net.tls = { ...p.args2_6.net.tls, mode: 'requireSSL' };
    }
  }
  const base = [...ac.processes];
  const per = JSON.stringify({ processes: base }, null, 2).length;
  const copies = Math.max(0, Math.ceil((bytes - JSON.stringify(ac, null, 2).length) / per));
  for (let round = 1; round <= copies; round++) ac.processes.push(...base.map((p) => ({ ...p, name: `${p.name}-copy${round}` })));
  return `${JSON.stringify(ac, null, 2)}\n`;
}

/** The configuration of the navigation benches (bench/lsp-navigation.ts, lsp-latency.ts --navigation). */
export const NAVIGATION_SOURCE = AUTOMATION;

/** The corpus config with rs0 grown to 9 members (copies of rs0_0 named rs0_3…rs0_8): `rs0` at 10 places. */
export function grownConfig(): Record<string, any> {
  const config = JSON.parse(readFileSync(NAVIGATION_SOURCE, 'utf8'));
  const model = config.processes[0];
  for (let i = 3; i < 9; i++) {
    config.processes.push({ ...structuredClone(model), name: `rs0_${i}`, hostname: `rs0-${i}.example.internal` });
    config.replicaSets[0].members.push({ ...structuredClone(config.replicaSets[0].members[0]), _id: i, host: `rs0_${i}`, votes: 0, priority: 0 });
  }
  return config;
}

