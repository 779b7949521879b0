// What the engine collects of each file's secrets (issue 22, per-file CPU): every kind's finder
// runs on every document, clean or not, so that the run-wide masking of the CI formats, the cache
// and --fix output keep what they mask; a file with something to say also has its values walked
// by name and its text scanned. Messages and pointers never show a secret.
import { describe, expect, it } from 'vitest';
import { lintProject, projectOf } from '../../src/engine/lint';
import { formatResults, FORMATS } from '../../src/format/index';

const alert = (more: string) => `eventTypeName: HOST_DOWN
enabled: true
${more}notifications:
  - typeName: WEBHOOK
    webhookUrl: https://hooks.example.com/x
    webhookSecret: Literal-Webhook-Secret-5678
    delayMin: 0
    intervalMin: 5
`;

describe('secrets of each file', () => {
  it('a clean file: the finders of every kind, in their order (the alert kinds\' and the integration\'s here)', async () => {
    const run = await lintProject(projectOf(), [{ filePath: 'a.alert-config.yaml', text: alert('apiKey: Literal-Api-Key-1234\n') }], {
      rules: { 'plaintext-secret': 'off', 'unknown-field': 'off' },
    });
    expect(run.results[0].diagnostics).toEqual([]);
    // webhookUrl is a notification secret too (the path of a hook is its token).
    expect(run.sources.get('a.alert-config.yaml')!.secrets).toEqual(['Literal-Webhook-Secret-5678', 'https://hooks.example.com/x', 'Literal-Api-Key-1234']);
  });

  it('a file with a finding: also the values of fields named like secrets and the text\'s, none printed', async () => {
    const text = alert('dbPassword: Hunter2-Literal-Password\n');
    const run = await lintProject(projectOf(), [{ filePath: 'b.alert-config.yaml', text }], {});
    const { diagnostics } = run.results[0];
    expect(diagnostics.map((d) => d.ruleId)).toEqual(expect.arrayContaining(['unknown-field', 'plaintext-secret']));
    expect(run.sources.get('b.alert-config.yaml')!.secrets).toEqual(expect.arrayContaining(['Hunter2-Literal-Password', 'Literal-Webhook-Secret-5678']));
    for (const format of FORMATS) {
      const out = formatResults(format, run, { color: false, cwd: process.cwd(), fixDryRun: false });
      expect({ format, leaks: /Hunter2-Literal|Literal-Webhook/.test(out) }).toEqual({ format, leaks: false });
    }
  });
});
