// "Disable <rule> for this file" in YAML (issue 38: offered in JSON only): an `# omlint-disable <rule>`
// comment on the first line, as the ESLint extension's "for the entire file". Applied as an editor
// would, the rule is gone from every place of the file (each document of a stream), the other
// rules stay, and the CLI's lint of the same text agrees.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OmlintLanguageService } from '../../src/server/service';
import { lint } from '../../src/engine/lint';
import { applyAction, NOW, openDoc, REPEATED_UNKNOWN, tempDir } from './fixtures';

const whole = { start: { line: 0, character: 0 }, end: { line: 999, character: 0 } };

async function disableForFile(service: OmlintLanguageService, dir: string, name: string, text: string, ruleId: string): Promise<string> {
  const doc = openDoc(service, dir, name, text);
  const actions = await service.codeActions(doc, whole, { diagnostics: [] });
  const action = actions.find((a) => a.title === `Disable ${ruleId} for this file`);
  expect(action, JSON.stringify(actions.map((a) => a.title))).toBeDefined();
  expect(action!.kind).toBe('quickfix');
  // Only the document itself is edited: no config.
  expect(Object.keys(action!.edit?.changes ?? {})).toEqual([doc.uri]);
  return applyAction(doc, action!);
}

const codes = async (service: OmlintLanguageService, dir: string, name: string, text: string) =>
  (await service.diagnostics(openDoc(service, dir, name, text, 2))).map((d) => d.code);

describe('"Disable <rule> for this file" in YAML', () => {
  it('writes the directive on the first line; every place of the rule goes, each document of a stream, other rules stay', async () => {
    const service = new OmlintLanguageService({ now: NOW });
    const dir = tempDir();
    const text = `${REPEATED_UNKNOWN}---\n${REPEATED_UNKNOWN.replace('HOST_DOWN', 'HOST_DWN')}`;
    expect((await codes(service, dir, 'cpu.alert-config.yaml', text)).filter((c) => c === 'unknown-field').length).toBeGreaterThanOrEqual(2);
    const after = await disableForFile(service, dir, 'cpu.alert-config.yaml', text, 'unknown-field');
    expect(after).toBe(`# omlint-disable unknown-field\n${text}`);
    const left = await codes(service, dir, 'cpu.alert-config.yaml', after);
    expect(left).not.toContain('unknown-field');
    expect(left.length).toBeGreaterThan(0);
    // The command line reads the file's directive as the editor does.
    const [cli] = await lint([{ filePath: path.join(dir, 'cli.alert-config.yaml'), text: after }], { now: NOW() });
    expect(cli.diagnostics.map((d) => d.ruleId)).not.toContain('unknown-field');
    expect(cli.diagnostics.map((d) => d.ruleId).sort()).toEqual([...left].sort());
  });

  it('adds the rule to a directive already on the first line (before its reason); keeps a BOM and CRLF', async () => {
    const service = new OmlintLanguageService({ now: NOW });
    const dir = tempDir();
    const text = `# omlint-disable enabled-omitted -- on purpose\n${REPEATED_UNKNOWN}`;
    expect(await disableForFile(service, dir, 'a.alert-config.yaml', text, 'unknown-field')).toBe(
      text.replace('enabled-omitted -- on purpose', 'enabled-omitted, unknown-field -- on purpose'),
    );
    const crlf = `\uFEFF${REPEATED_UNKNOWN.replace(/\n/g, '\r\n')}`;
    const after = await disableForFile(service, dir, 'b.alert-config.yaml', crlf, 'unknown-field');
    expect(after).toBe(`\uFEFF# omlint-disable unknown-field\r\n${crlf.slice(1)}`);
    expect(await codes(service, dir, 'b.alert-config.yaml', after)).not.toContain('unknown-field');
  });
});
