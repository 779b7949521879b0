import rule from '../../rules/duplicate-alert-config';
import { ruleTester } from '../rule-tester';

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
/** A metricThreshold of 5 + 15 keys (more than the insertion sort takes), written in either order. */
const manyKeys = (reverse: boolean, last = 15) => {
  const extra = Array.from({ length: 15 }, (_, i) => `  x${String(i + 1).padStart(2, '0')}: ${i + 1 === 15 ? last : i + 1}\n`);
  return cpu(80).replace('  units: RAW\n', `  units: RAW\n${(reverse ? extra.reverse() : extra).join('')}`);
};
/** The later copy is reported on its eventTypeName value (line 1, column 16). */
const duplicateIn = (file: string, more: object = {}) => ({ messageId: 'duplicate', file, line: 1, column: 16, ...more });

ruleTester(rule, {
  valid: [
    { name: 'different thresholds', fileName: 'a.yaml', code: cpu(80), scope: { 'b.yaml': cpu(90) } },
    { name: 'different matchers', fileName: 'a.yaml', code: cpu(80, rsMatchers('rs0')), scope: { 'b.yaml': cpu(80, rsMatchers('rs1')) } },
    { name: 'different events', fileName: 'a.yaml', code: cpu(80), scope: { 'b.yaml': hostDown } },
    { name: 'a single configuration', fileName: 'a.yaml', code: cpu(80) },
    { name: 'a threshold written as a string is not the number', fileName: 'a.yaml', code: cpu(80), scope: { 'b.yaml': cpu(80).replace('threshold: 80', 'threshold: "80"') } },
    // The key quotes each string as JSON does: a value holding quotes cannot pass for other fields.
    {
      name: 'a matcher whose operator spells out another matcher\'s value',
      fileName: 'a.yaml',
      code: cpu(80, rsMatchers('rs0')),
      scope: { 'b.yaml': cpu(80, `matchers:\n  - fieldName: REPLICA_SET_NAME\n    operator: 'EQUALS","value":"rs0'\n`) },
    },
    { name: 'many keys, one value differs', fileName: 'a.yaml', code: manyKeys(false), scope: { 'b.yaml': manyKeys(true, 99) } },
  ],
  invalid: [
    { name: 'many keys (the built-in sort) in another order', fileName: 'a.yaml', code: manyKeys(false), scope: { 'b.yaml': manyKeys(true) }, errors: [duplicateIn('b.yaml')] },
    { name: 'the later of two identical configurations, on its eventTypeName', fileName: 'a.yaml', code: cpu(80), scope: { 'b.yaml': cpu(80) }, errors: [duplicateIn('b.yaml')] },
    {
      name: 'ignores notifications and the order of matchers',
      fileName: 'a.yaml',
      code: cpu(80, rsMatchers('rs0', 'rs1')),
      scope: { 'b.yaml': cpu(80, rsMatchers('rs1', 'rs0')).replace('intervalMin: 60', 'intervalMin: 5') },
      errors: [duplicateIn('b.yaml')],
    },
    {
      name: 'names the other file and relates to it',
      fileName: 'cpu-high.yaml',
      code: cpu(80),
      scope: { 'cpu-copy.yaml': cpu(80) },
      errors: [duplicateIn('cpu-copy.yaml', { message: /cpu-high\.yaml/, related: [{ file: 'cpu-high.yaml', pointer: '/eventTypeName' }] })],
    },
    {
      name: 'each later copy once, naming the first',
      fileName: 'a.yaml',
      code: hostDown,
      scope: { 'b.yaml': hostDown, 'c.yaml': hostDown },
      errors: [duplicateIn('b.yaml', { message: /a\.yaml/ }), duplicateIn('c.yaml', { message: /a\.yaml/ })],
    },
    {
      name: 'ignores the order of keys in metricThreshold and in matchers',
      fileName: 'a.yaml',
      code: cpu(80, rsMatchers('rs0', 'rs1')),
      scope: {
        'b.yaml': cpu(80, 'matchers:\n  - value: rs1\n    operator: EQUALS\n    fieldName: REPLICA_SET_NAME\n  - { operator: EQUALS, fieldName: REPLICA_SET_NAME, value: rs0 }\n').replace('  metricName: NORMALIZED_SYSTEM_CPU_USER\n  mode: AVERAGE\n', '  mode: AVERAGE\n  metricName: NORMALIZED_SYSTEM_CPU_USER\n'),
      },
      errors: [duplicateIn('b.yaml')],
    },
    // A multi-document file: the third document (from line 23) repeats the first.
    { name: 'inside one multi-document file', fileName: 'alerts.yaml', code: `${hostDown}---\n${cpu(80)}---\n${hostDown}`, errors: [{ messageId: 'duplicate', line: 23, column: 16 }] },
  ],
});
