// The alert-test kind (issue 35): recognised by its name and by its content, never taken for
// another kind, and no other kind taken for it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { kindFromFileName, sniffObject } from '../../src/kinds/detect';
import { sniffKinds } from '../../src/project/sniff';
import { lint } from '../../src/engine/lint';
import { parseText } from '../../src/syntax/index';

const ROOT = path.join(__dirname, '..', '..');
const TESTS = path.join(ROOT, 'examples', 'alert-tests');

describe('kind alert-test', () => {
  it('is told by its file name and by its deployment and cases', () => {
    expect(kindFromFileName('cpu.alert-test.yaml')).toBe('alert-test');
    expect(sniffObject({ start: 'x', deployment: { hosts: [] }, cases: [] })).toEqual(['alert-test']);
    // An alert configuration or window is never an alert test, and a test never one of them.
    expect(sniffObject({ eventTypeName: 'HOST_DOWN', notifications: [] })).toEqual(['alert-config']);
    expect(sniffObject({ deployment: {} })).toEqual([]);
  });

  it.each(readdirSync(TESTS))('examples/alert-tests/%s reads as an alert test, by name and by content, and lints clean', async (name) => {
    const file = path.join(TESTS, name);
    const text = readFileSync(file, 'utf8');
    expect(sniffObject(parseText(text, file).value(0) as Record<string, unknown>)).toEqual(['alert-test']);
    // The prefix sniff says which kinds a file may hold (an event's `type:` also reads as an integration's key).
    expect([...sniffKinds(file, text, {} as never, Buffer.byteLength(text))!]).toContain('alert-test');
    // Without its name: the content alone says alert-test.
    const [r] = await lint([{ filePath: path.join(TESTS, 'renamed.yaml'), text }], { now: new Date('2026-01-01T00:00:00Z') });
    expect(r.kinds).toEqual(['alert-test']);
    expect(r.diagnostics).toEqual([]);
  });

  it('is linted with exact positions: schema and references', async () => {
    const text = [
      'start: "2026-01-05T00:00:00Z"',
      'load: { alertConfigs: [cpu-high.alert-config.yaml] }',
      'deployment:',
      '  hosts: [{ id: db1, hostname: db1.example.com, typeName: PRIMRY }]',
      'series:',
      '  db1: { CONNECTIONS: "1 2 x3" }',
      'cases:',
      '  - { name: c, at: 10q, alerts: [{ config: cpu-hgh, host: db1, status: OPEN }] }',
      '',
    ].join('\n');
    const [r] = await lint([{ filePath: 't.alert-test.yaml', text }], { now: new Date('2026-01-01T00:00:00Z') });
    const got = r.diagnostics.map((d) => `${d.range.start.line}:${d.range.start.column} ${d.ruleId}`).sort();
    expect(got).toEqual(['4:59 invalid-value', '6:23 alert-test-references', '8:20 alert-test-references', '8:20 invalid-value', '8:44 alert-test-references'].sort());
  });
});

describe('kind alert-test in a text that does not parse', () => {
  it('is read by its deployment and cases, not as the alert configuration its typeName and notifications suggest', async () => {
    const { kindFromText } = await import('../../src/kinds/detect');
    const text = readFileSync(path.join(TESTS, 'cpu-high.alert-test.yaml'), 'utf8');
    expect(kindFromText(`${text}\n  [\n`)).toEqual({ kind: 'alert-test', key: 'deployment' });
  });
});
