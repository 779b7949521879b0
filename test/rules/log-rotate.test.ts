import { expect, it } from 'vitest';
import rule from '../../rules/log-rotate';
import { DocumentFacts } from '../../src/core/facts';
import { topologyOf } from '../../src/model/automation-topology';
import { ruleTester } from '../rule-tester';

/** Top-level logRotate: field i on line 2 + i, keys at column 3, values after "key: ". */
const top = (...fields: string[]) => `logRotate:\n  sizeThresholdMB: 1000\n  timeThresholdHrs: 24\n${fields.map((f) => `  ${f}\n`).join('')}`;
/** Per-process settings: the fields of `key` start on line 6, keys at column 7. */
const perProcess = (key: string, ...fields: string[]) =>
  `processes:\n  - name: a\n    ${key}:\n      sizeThresholdMB: 1000\n      timeThresholdHrs: 24\n${fields.map((f) => `      ${f}\n`).join('')}`;
const at = (messageId: string, line: number, column: number, severity: 'error' | 'warning' | 'info' = 'error', more: object = {}) => [{ messageId, line, column, severity, ...more }];

ruleTester(rule, {
  valid: [
    { name: 'the real complex_replicaset settings', code: perProcess('logRotate', 'numTotal: 10', 'numUncompressed: 5', 'percentOfDiskspace: 0.4', 'includeAuditLogsWithMongoDBLogs: true') },
    { name: 'only the thresholds', code: top() },
    { name: 'maxUncompressed alone (deprecated-field renames it)', code: top('maxUncompressed: 5') },
    { name: 'percentOfDiskspace 1', code: top('percentOfDiskspace: 1') },
    { name: 'numTotal 0 (the default: determined by the others)', code: top('numTotal: 0', 'numUncompressed: 5') },
    { name: 'numTotal equal to numUncompressed', code: perProcess('auditLogRotate', 'numTotal: 2', 'numUncompressed: 2') },
    { name: 'values of the wrong type (the schema reports them)', code: top('percentOfDiskspace: "2%"', 'numTotal: "1"', 'numUncompressed: 5') },
  ],
  invalid: [
    // Equal values come back from OM unchanged in real GETs (issue 15): clutter, not an error.
    {
      name: 'maxUncompressed repeating numUncompressed (info; removal is a suggestion only)',
      code: top('maxUncompressed: 5', 'numUncompressed: 5'),
      errors: at('sameValueBothNames', 4, 3, 'info', { pointer: '/logRotate/maxUncompressed', suggestions: [{ title: 'Remove maxUncompressed', output: top('numUncompressed: 5') }] }),
      output: null,
    },
    { name: 'maxUncompressed next to a different numUncompressed', code: top('maxUncompressed: 3', 'numUncompressed: 5'), errors: at('bothNames', 4, 3) },
    { name: 'maxUncompressed next to numUncompressed in a process', code: perProcess('logRotate', 'numUncompressed: 5', 'maxUncompressed: 3'), errors: at('bothNames', 7, 7) },
    {
      name: 'a percentage instead of a fraction (proposes the fraction)',
      code: top('percentOfDiskspace: 40'),
      errors: at('percentOutOfRange', 4, 23, 'error', { pointer: '/logRotate/percentOfDiskspace', message: /Write 0\.4 for 40%\./ }),
    },
    { name: 'a zero fraction', code: perProcess('auditLogRotate', 'percentOfDiskspace: 0'), errors: at('percentOutOfRange', 6, 27) },
    { name: 'a negative fraction', code: top('percentOfDiskspace: -0.1'), errors: at('percentOutOfRange', 4, 23) },
    { name: 'numTotal below numUncompressed (warning)', code: top('numUncompressed: 5', 'numTotal: 3'), errors: at('totalBelowUncompressed', 5, 13, 'warning') },
    { name: 'numTotal below the legacy maxUncompressed (warning)', code: perProcess('logRotate', 'maxUncompressed: 5', 'numTotal: 2'), errors: at('totalBelowUncompressed', 7, 17, 'warning') },
  ],
});

it('writes a process pointer only for a process it reports on (thousands of processes, a few findings)', () => {
  const processes = Array.from({ length: 2000 }, (_, i) => ({ name: `p${i}`, logRotate: { sizeThresholdMB: 1000, timeThresholdHrs: 24, percentOfDiskspace: i === 1500 ? 40 : 0.02 }, auditLogRotate: { sizeThresholdMB: 1000, timeThresholdHrs: 24 } }));
  const value = { processes };
  // The topology is one per document's facts: count the pointers its processes are asked for.
  const facts = new DocumentFacts(value);
  const proto = Object.getPrototypeOf(topologyOf(facts).processes[0]);
  const getter = Object.getOwnPropertyDescriptor(proto, 'pointer')!.get!;
  let asked = 0;
  Object.defineProperty(proto, 'pointer', { configurable: true, get() { asked++; return getter.call(this); } });
  try {
    const reports: string[] = [];
    rule.check({ value, facts, kind: 'automation-config', filePath: 'x', options: {}, isTemplate: () => false, report: (r: { pointer: string }) => reports.push(r.pointer) } as never);
    expect(reports).toEqual(['/processes/1500/logRotate/percentOfDiskspace']);
    expect(asked).toBe(1);
  } finally {
    Object.defineProperty(proto, 'pointer', { configurable: true, get: getter });
  }
});
