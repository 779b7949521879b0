import { describe, expect, it } from 'vitest';
import rule from '../../rules/secret-masked';
import { runTransition } from '../transition-tester';
import type { TransitionRule } from '../../src/core/types';

const KEY = '0123456789abcdef0123456789ab3f9a';
const MASK = '****************************3f9a';
const alert = (serviceKey: string) => `eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: PAGER_DUTY\n    serviceKey: "${serviceKey}"\n    delayMin: 0\n`;
const automation = (pwd: string) => `version: 3\nauth:\n  disabled: false\n  autoUser: mms-automation\n  autoPwd: "${pwd}"\nprocesses: []\n`;

function run(base: string, value: string, kind: 'alert-config' | 'automation-config') {
  const r: TransitionRule = { ...rule, meta: { ...rule.meta, kinds: [kind] } };
  return runTransition(r, { base, value });
}

describe('secret-masked', () => {
  it('accepts a kept secret, a changed secret and a mask that was a mask already', () => {
    expect(run(alert(KEY), alert(KEY), 'alert-config')).toEqual([]);
    expect(run(alert(KEY), alert('fedcba9876543210fedcba9876543210'), 'alert-config')).toEqual([]);
    expect(run(alert(MASK), alert(MASK), 'alert-config')).toEqual([]);
  });
  it('reports a notification secret replaced by a mask (error), without printing either', () => {
    const found = run(alert(KEY), alert(MASK), 'alert-config');
    expect(found.map((f) => [f.severity, f.pointer, f.line, f.column])).toEqual([['error', '/notifications/0/serviceKey', 5, 17]]);
    expect(found[0].message).toBe(
      'notifications[0].serviceKey holds a secret in the base (HEAD:doc.yaml) and a redaction mask here; the change writes the mask over the secret and the notification or integration stops authenticating. Keep the secret (or a placeholder your deployment fills in).',
    );
    expect(found[0].message).not.toContain('3f9a');
  });
  it('warns for an automation secret: the mask format of automation GETs is not confirmed', () => {
    expect(run(automation('s3cret-automation-pwd'), automation('********'), 'automation-config').map((f) => [f.severity, f.pointer])).toEqual([['warning', '/auth/autoPwd']]);
  });
});
