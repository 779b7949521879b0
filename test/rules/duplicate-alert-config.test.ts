import { describe, expect, it } from 'vitest';
import { lintFiles } from '../helpers';

const RULE = 'duplicate-alert-config';

/** Per file name (sorted), the [line, column] of this rule's diagnostics. */
async function hits(files: Record<string, string>) {
  const results = await lintFiles(files);
  const out: Record<string, number[][]> = {};
  for (const r of results) {
    const name = Object.keys(files).find((f) => r.filePath.endsWith(f)) ?? r.filePath;
    const found = r.diagnostics.filter((d) => d.ruleId === RULE).map((d) => [d.range.start.line, d.range.start.column]);
    if (found.length > 0) out[name] = found;
  }
  return out;
}

const cpu = (threshold: number, matchers = '') => `eventTypeName: OUTSIDE_METRIC_THRESHOLD
enabled: true
${matchers}metricThreshold:
  metricName: NORMALIZED_SYSTEM_CPU_USER
  mode: AVERAGE
  operator: GREATER_THAN
  threshold: ${threshold}
  units: RAW
notifications:
  - typeName: GROUP
    roles: [GROUP_OWNER]
    emailEnabled: true
    smsEnabled: false
    intervalMin: 60
`;
const rsMatchers = (...names: string[]) =>
  'matchers:\n' + names.map((n) => `  - fieldName: REPLICA_SET_NAME\n    operator: EQUALS\n    value: ${n}\n`).join('');
const hostDown = `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    intervalMin: 15
`;

describe(RULE, () => {
  it.each([
    ['different thresholds', { 'a.yaml': cpu(80), 'b.yaml': cpu(90) }],
    ['different matchers', { 'a.yaml': cpu(80, rsMatchers('rs0')), 'b.yaml': cpu(80, rsMatchers('rs1')) }],
    ['different events', { 'a.yaml': cpu(80), 'b.yaml': hostDown }],
    ['a single configuration', { 'a.yaml': cpu(80) }],
  ])('accepts %s', async (_name, files) => {
    expect(await hits(files)).toEqual({});
  });

  it('reports the later of two identical configurations, on its eventTypeName', async () => {
    expect(await hits({ 'a.yaml': cpu(80), 'b.yaml': cpu(80) })).toEqual({ 'b.yaml': [[1, 16]] });
  });

  it('ignores notifications and the order of matchers', async () => {
    const other = cpu(80, rsMatchers('rs1', 'rs0')).replace('intervalMin: 60', 'intervalMin: 5');
    expect(await hits({ 'a.yaml': cpu(80, rsMatchers('rs0', 'rs1')), 'b.yaml': other })).toEqual({ 'b.yaml': [[1, 16]] });
  });

  it('names the other file and relates to it', async () => {
    const results = await lintFiles({ 'cpu-high.yaml': cpu(80), 'cpu-copy.yaml': cpu(80) });
    const all = results.flatMap((r) => r.diagnostics.filter((d) => d.ruleId === RULE).map((d) => ({ d, file: r.filePath })));
    expect(all).toHaveLength(1);
    const [{ d, file }] = all;
    const other = file.endsWith('cpu-high.yaml') ? 'cpu-copy.yaml' : 'cpu-high.yaml';
    expect(d.message).toContain(other);
    expect(d.related?.[0].filePath.endsWith(other)).toBe(true);
    expect(d.related?.[0].pointer).toBe('/eventTypeName');
  });

  it('reports each later copy once, naming the first', async () => {
    const found = await hits({ 'a.yaml': hostDown, 'b.yaml': hostDown, 'c.yaml': hostDown });
    expect(Object.values(found).flat()).toHaveLength(2);
  });

  it('finds duplicates inside one multi-document file', async () => {
    expect(await hits({ 'alerts.yaml': `${hostDown}---\n${cpu(80)}---\n${hostDown}` })).toEqual({ 'alerts.yaml': [[23, 16]] });
  });
});
