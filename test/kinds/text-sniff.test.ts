// Issue 31: what a file's text and name say about its kind when its content cannot, or says
// otherwise: the tolerant scan of a text that does not parse, a kind misspelt in a file name, and a
// file named as one kind whose content plainly is another.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectItems, kindFromFileName, kindFromText, nearKindInFileName, nearKindInFileNameMessage } from '../../src/kinds/detect';
import type { Kind } from '../../src/core/kinds';
import { BROKEN_OURS, MISSPELT, NOT_OMLINT, NOT_OMLINT_BROKEN } from './resemblance-fixtures';

const EXAMPLES = path.join(__dirname, '..', '..', 'examples');
const family = (k: Kind) => k.replace(/^global-/, '').replace(/-update$/, '');

describe('kindFromText: a text that does not parse, judged by its keys', () => {
  it('finds no kind in a tsconfig.json with comments, VS Code settings or Helm templates', () => {
    for (const [name, text] of Object.entries(NOT_OMLINT_BROKEN)) expect(kindFromText(text), name).toBeUndefined();
  });

  it('finds none in the common files of a repository, cut short so that they do not parse', () => {
    for (const [name, text] of Object.entries(NOT_OMLINT)) expect(kindFromText(text.slice(0, -3) + '\n  [\n'), name).toBeUndefined();
  });

  it.each(Object.entries(BROKEN_OURS))('reads %s as one of ours', (_name, text) => {
    expect(kindFromText(text)).toBeDefined();
  });

  it('names the kind and the key that says so, misspelt keys included', () => {
    expect(kindFromText(BROKEN_OURS['alert.yaml'])).toEqual({ kind: 'alert-config', key: 'eventTypeName' });
    expect(kindFromText('eventTypeName: X\nforAllGroups: true\n[')).toEqual({ kind: 'global-alert-config', key: 'eventTypeName' });
    expect(kindFromText(BROKEN_OURS['integration.json'])).toEqual({ kind: 'integration', key: 'type' });
    expect(kindFromText(BROKEN_OURS['automation.json'])).toEqual({ kind: 'automation-config', key: 'args2_6' });
    expect(kindFromText(BROKEN_OURS['alert-misspelt.yaml'])).toEqual({ kind: 'alert-config', key: 'eventTypename' });
    for (const [name, text] of Object.entries(MISSPELT)) expect(kindFromText(text + '\n[\n'), name).toBeDefined();
  });

  it('an integration by its type written as the API writes it, not any `type:`', () => {
    expect(kindFromText('type: PAGER_DUTY\nserviceKey: {{ .Values.key }}\n')).toMatchObject({ kind: 'integration' });
    expect(kindFromText('typ: PAGERDUTY\n[')).toMatchObject({ kind: 'integration', key: 'typ' });
    expect(kindFromText('datasources:\n  - name: Prometheus\n    type: prometheus\n    url: {{ .Values.url }}\n')).toBeUndefined();
    expect(kindFromText('spec:\n  type: ClusterIP\n  ports: [\n')).toBeUndefined();
  });

  it('reads every example document of a declared kind as its kind, but for the two told by absent keys', () => {
    let read = 0;
    for (const dir of ['clean', 'problems']) {
      for (const file of readdirSync(path.join(EXAMPLES, dir))) {
        const named = kindFromFileName(file);
        if (!named || named === 'maintenance-window-update' || named === 'api-key-update') continue;
        const found = kindFromText(readFileSync(path.join(EXAMPLES, dir, file), 'utf8'));
        expect(found && family(found.kind), file).toBe(family(named));
        read++;
      }
    }
    expect(read).toBeGreaterThanOrEqual(12);
  });

  it('stays linear: a long text with many keys is read in one pass', () => {
    const text = Array.from({ length: 200_000 }, (_, i) => `key${i}: value ${i}`).join('\n') + '\n[';
    const started = performance.now();
    expect(kindFromText(text)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(5000); // a hang guard, not a speed check
  });
});

describe('a kind misspelt in a file name', () => {
  it('finds the near kind, with the name it should have', () => {
    const found = nearKindInFileName('team/cpu.alert-confg.yaml')!;
    expect(found).toEqual({ name: 'cpu.alert-confg.yaml', written: 'alert-confg', near: ['alert-config'] });
    expect(nearKindInFileNameMessage(found)).toBe(
      'The file name "cpu.alert-confg.yaml" declares "alert-confg", which is no omlint kind: did you mean "alert-config"? Rename it to cpu.alert-config.yaml; until then its kind comes from its content.',
    );
    expect(nearKindInFileName('C:\\ops\\keys.integrations.json')).toMatchObject({ written: 'integrations', near: ['integration'] });
    expect(nearKindInFileName('a.alert_config.yml')).toMatchObject({ near: ['alert-config'] });
  });

  it('leaves kinds spelt right and names that are no kind alone', () => {
    for (const name of ['cpu.alert-config.yaml', 'values.prod.yaml', 'docker-compose.override.yml', 'x.yaml', 'app.config.json', 'tsconfig.json']) {
      expect(nearKindInFileName(name), name).toBeUndefined();
    }
  });
});

describe('a file named as one kind whose content plainly is another', () => {
  const ALERT = { eventTypeName: 'HOST_DOWN', enabled: true, notifications: [{ typeName: 'EMAIL', emailAddress: 'a@example.com' }] };

  it('is no document of either kind, with one problem that says both, at the key that tells', () => {
    const [item] = detectItems(ALERT, { kind: 'integration', source: 'file-name' });
    expect(item.kind).toBeUndefined();
    expect(item.problem).toMatchObject({ candidates: ['alert-config'], pointer: '/eventTypeName' });
    expect(item.problem!.message).toMatch(/^The file is named as an integration, but this reads as an alert-config \(it has eventTypeName\), so omlint checks it as neither\./);
    expect(detectItems({ type: 'SLACK', apiToken: 'x', teamName: 't' }, { kind: 'alert-config', source: 'file-name' })[0].problem!.message).toMatch(/named as an alert-config, but this reads as an integration/);
    expect(detectItems({ alertTypeNames: ['HOST'], startDate: 'a', endDate: 'b' }, { kind: 'automation-config', source: 'file-name' })[0].problem!.candidates).toEqual(['maintenance-window']);
  });

  it('keeps the declared kind when the content is kin, carries a key of the named kind, or is no kind plainly', () => {
    const kept = (value: unknown, kind: Kind) => detectItems(value, { kind, source: 'file-name' })[0].kind;
    expect(kept({ ...ALERT, forAllGroups: true }, 'alert-config')).toBe('alert-config'); // the schema names forAllGroups
    expect(kept({ type: 'SLACK', eventTypeName: 'HOST_DOWN' }, 'integration')).toBe('integration');
    expect(kept({ desc: 'a key' }, 'integration')).toBe('integration'); // an api-key-update is told by absent keys only
    expect(kept({ name: 'x' }, 'integration')).toBe('integration');
    expect(kept({ endDate: 'b' }, 'maintenance-window')).toBe('maintenance-window');
  });

  it('is the file name only: a modeline, a config override or --kind is taken as written', () => {
    for (const source of ['modeline', 'config', 'option'] as const) expect(detectItems(ALERT, { kind: 'integration', source })[0].kind).toBe('integration');
  });
});
