// A `$schema` member in a JSON document (the README's advice for editors without omlint, issue 38)
// is accepted: by omlint's lint (no unknown-field) and by the published schema itself, which
// VS Code's JSON support validates the document against when the member names it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { OmlintLanguageService } from '../../src/server/service';
import { ROOT } from './client';
import { NOW, openDoc, tempDir } from './fixtures';

const ALERT = {
  $schema: './schemas/alert-config.schema.json',
  eventTypeName: 'HOST_DOWN',
  enabled: true,
  notifications: [{ typeName: 'GROUP', emailEnabled: true, smsEnabled: false, delayMin: 0, intervalMin: 60 }],
};
const INTEGRATION = { $schema: './schemas/integration.schema.json', type: 'SLACK', apiToken: '{{ slack_token }}', channelName: 'ops', teamName: 'ops' };

describe('a $schema member in JSON', () => {
  const service = new OmlintLanguageService({ now: NOW });
  const dir = tempDir();

  for (const [name, value] of [['a.alert-config.json', ALERT], ['b.integration.json', INTEGRATION]] as const) {
    it(`${name}: no finding about it from omlint`, async () => {
      const doc = openDoc(service, dir, name, `${JSON.stringify(value, null, 2)}\n`);
      const diagnostics = await service.diagnostics(doc);
      expect(diagnostics.filter((d) => d.range.start.line === 1), JSON.stringify(diagnostics)).toEqual([]);
      // Without the member (elsewhere: not a duplicate) the document gets the same findings.
      const { $schema: _, ...bare } = value;
      const other = openDoc(service, tempDir(), name, `${JSON.stringify(bare, null, 2)}\n`);
      expect(diagnostics.map((d) => d.code)).toEqual((await service.diagnostics(other)).map((d) => d.code));
    });
  }

  it('is allowed by the published schemas (what an editor without omlint checks)', () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    for (const [kind, value] of [['alert-config', ALERT], ['integration', INTEGRATION]] as const) {
      const schema = JSON.parse(readFileSync(path.join(ROOT, 'schemas', `${kind}.schema.json`), 'utf8'));
      const validate = ajv.compile(schema);
      validate(value);
      expect((validate.errors ?? []).filter((e) => JSON.stringify(e).includes('$schema')), kind).toEqual([]);
    }
  });
});

describe('key completion', () => {
  it('does not offer $schema (no field of the document)', () => {
    const service = new OmlintLanguageService({ now: NOW });
    const dir = tempDir();
    const yaml = openDoc(service, dir, 'k.alert-config.yaml', 'eventTypeName: HOST_DOWN\nen\n');
    const json = openDoc(service, dir, 'k.alert-config.json', '{\n  "eventTypeName": "HOST_DOWN",\n  "\n}\n');
    for (const [doc, position] of [[yaml, { line: 1, character: 2 }], [json, { line: 2, character: 3 }]] as const) {
      const labels = service.completion(doc, position).items.map((i) => i.label);
      expect(labels).toContain('enabled');
      expect(labels).not.toContain('$schema');
    }
  });
});
