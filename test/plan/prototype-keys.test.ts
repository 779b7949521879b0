// Keys a document may hold that are also names on Object.prototype (`constructor`, `toString`,
// `__proto__`, `hasOwnProperty`): each is a field like any other, in the plan, in check, and in every
// lookup of user text in a plain-object table (issue 32, "Smaller").
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint, type TransitionPairs } from '../../src/engine/lint';
import { planFile } from '../../src/plan/plan';
import { parseRuleOption } from '../../src/config/rule-option';
import { ConfigError } from '../../src/config/load';
import { valueMeaning } from '../../src/server/vocabulary';
import { itemLabel } from '../../src/server/item-names';
import { OmlintLanguageService } from '../../src/server/service';
import { openDoc, tempDir } from '../lsp/fixtures';

const NOW = new Date('2026-11-21T00:00:00Z');
const KEYS = ['constructor', 'toString', '__proto__', 'hasOwnProperty'];
const ALERT = 'id: 5f0\neventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    delayMin: 0\n    intervalMin: 60\n';

async function planOf(now: string, base: string, filePath = '/p/a.alert-config.yaml') {
  let pairs: TransitionPairs | undefined;
  const results = await lint([{ filePath, text: now, base: { label: 'HEAD:a', text: base } }], { now: NOW, onPairs: (_, p) => (pairs = p) });
  return { plan: planFile('a', pairs!), results };
}

describe('keys named like Object.prototype members', () => {
  it('plan: added ones are added, not changed; a changed one is changed; a removed one removed', async () => {
    const added = KEYS.map((k) => `${k}: 1\n`).join('');
    const { plan } = await planOf(ALERT + added, ALERT);
    expect(plan.documents[0].groups[0].changes.map((c) => `${c.type} ${c.summary}`)).toEqual(KEYS.map((k) => `field-changed ${k} added`));
    const changed = await planOf(ALERT + added.replace('toString: 1', 'toString: 2'), ALERT + added);
    expect(changed.plan.documents[0].groups[0].changes.map((c) => c.summary)).toEqual(['toString changed']);
    const removed = await planOf(ALERT, ALERT + added);
    expect(removed.plan.documents[0].groups[0].changes.map((c) => c.summary).sort()).toEqual(KEYS.map((k) => `${k} removed`).sort());
  });

  it('check: each is an unknown field at its own line, and nothing fails', async () => {
    const [r] = await lint([{ filePath: '/p/a.alert-config.yaml', text: ALERT + KEYS.map((k) => `${k}: 1\n`).join('') }], { now: NOW });
    expect(r.diagnostics.filter((d) => d.ruleId === 'unknown-field').map((d) => `${d.range.start.line} ${d.message.split(':')[0]}`)).toEqual(KEYS.map((k, i) => `${9 + i} Unknown field \`${k}\``));
    expect(r.diagnostics.filter((d) => d.ruleId === 'internal-error')).toEqual([]);
  });

  it('check --base: an automation config that lost a key named `constructor` is a round-trip loss, not a rule crash', async () => {
    const base = readFileSync(path.join(__dirname, '..', 'data', 'transitions', 'upgrade-two-steps', '0-base.yaml'), 'utf8');
    const withKeys = base.replace('    authSchemaVersion: 5\n', '    authSchemaVersion: 5\n    constructor: 1\n    toString: x\n');
    expect(withKeys).not.toBe(base);
    const { results } = await planOf(base, withKeys, '/p/ac.automation-config.yaml');
    const ids = results[0].diagnostics.map((d) => d.ruleId);
    expect(ids).not.toContain('internal-error');
    expect(results[0].diagnostics.filter((d) => d.ruleId === 'round-trip-loss').map((d) => d.message).join('\n')).toMatch(/constructor[\s\S]*toString|toString[\s\S]*constructor/);
  });

  it('--rule: `constructor` is no severity', () => {
    expect(() => parseRuleOption('enabled-omitted: constructor', new Set(['enabled-omitted']))).toThrow(ConfigError);
    expect(() => parseRuleOption('enabled-omitted: toString', new Set(['enabled-omitted']))).toThrow(/severity of "enabled-omitted" must be one of/);
  });

  it('hover: an integration `type: constructor` has no meaning (and does not throw)', () => {
    for (const k of KEYS) expect(valueMeaning('integration', ['type'], k)).toBeUndefined();
    expect(valueMeaning('integration', ['type'], 'SLACK')).toMatch(/^`SLACK` integration/);
  });

  it('item labels: an array named `constructor` names no item', () => {
    for (const k of KEYS) expect(itemLabel([k, '0'], { [k]: [{ name: 'x', typeName: 'x', host: 'x' }] })).toBeUndefined();
    expect(itemLabel(['processes', '0'], { processes: [{ name: 'rs0-0' }] })).toBe('process rs0-0');
  });

  it('completion: a notification whose `__proto__` key holds a typeName is still of no type', () => {
    const service = new OmlintLanguageService({ now: () => NOW });
    const doc = openDoc(service, tempDir(), 'cpu.alert-config.yaml', 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - __proto__: {typeName: SLACK}\n    \n');
    const labels = service.completion(doc, { line: 4, character: 4 }).items.map((i) => i.label);
    // The fields of every type, not SLACK's alone (the key's value was read as the object's prototype).
    expect(labels).toEqual(expect.arrayContaining(['typeName', 'channelName', 'emailAddress', 'serviceKey']));
  });
});
