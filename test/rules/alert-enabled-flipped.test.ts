import { describe, expect, it } from 'vitest';
import rule from '../../rules/alert-enabled-flipped';
import { runTransition } from '../transition-tester';

const alert = (enabled: string) => `eventTypeName: HOST_DOWN\nenabled: ${enabled}\nnotifications:\n  - typeName: GROUP\n    intervalMin: 5\n    delayMin: 0\n    emailEnabled: true\n`;

describe('alert-enabled-flipped', () => {
  it('accepts an unchanged enabled, and an enabled left out (enabled-omitted speaks about that)', () => {
    expect(runTransition(rule, { base: alert('true'), value: alert('true') })).toEqual([]);
    expect(runTransition(rule, { base: alert('true'), value: 'eventTypeName: HOST_DOWN\n' })).toEqual([]);
  });
  it('says when a change disables or enables the alert (information)', () => {
    expect(runTransition(rule, { base: alert('true'), value: alert('false') }).map((f) => [f.messageId, f.severity, f.pointer, f.line, f.column, f.message])).toEqual([
      ['disabled', 'info', '/enabled', 2, 10, 'This change disables the alert configuration (HOST_DOWN): enabled was true in the base (HEAD:doc.yaml); no alert of it will fire.'],
    ]);
    expect(runTransition(rule, { base: alert('false'), value: alert('true') }).map((f) => f.messageId)).toEqual(['enabled']);
  });
});
