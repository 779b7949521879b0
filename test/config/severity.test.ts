// ESLint's severities in the configuration (issue 31): `warn`, 0, 1 and 2 in `rules:` of the config,
// of its overrides and of the files it extends, read as omlint's words; `--rule` reads the same.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/load';
import { ConfigResolver } from '../../src/config/discover';
import { parseRuleOption } from '../../src/config/rule-option';
import { tempTree } from '../files';

const KNOWN = new Set(['enabled-omitted', 'read-only-field', 'metric-name', 'template-value']);

const tree = (files: Record<string, string>) => tempTree(files, 'omlint-severity-');

describe('ESLint severities in the configuration', () => {
  it('reads warn, 0, 1 and 2 in rules and overrides as warning, off, warning and error', () => {
    const dir = tree({
      'omlint.config.yaml': [
        'rules:',
        '  read-only-field: 0',
        '  enabled-omitted: warn',
        '  metric-name: 2',
        'overrides:',
        '  - files: ["alerts/**"]',
        '    rules: { read-only-field: 1, metric-name: 0, enabled-omitted: 2 }',
        '',
      ].join('\n'),
    });
    const r = new ConfigResolver(KNOWN);
    expect(r.settingsFor(path.join(dir, 'a.yaml')).rules).toEqual({ 'read-only-field': 'off', 'enabled-omitted': 'warning', 'metric-name': 'error' });
    expect(r.settingsFor(path.join(dir, 'alerts/a.yaml')).rules).toEqual({ 'read-only-field': 'warning', 'metric-name': 'off', 'enabled-omitted': 'error' });
  });

  it('reads them in JSON configs and in extended files, under the config\'s own', () => {
    const dir = tree({
      'team.yaml': 'rules:\n  metric-name: 2\n  read-only-field: warn\n',
      'omlint.config.json': JSON.stringify({ extends: './team.yaml', rules: { 'read-only-field': 0 } }),
    });
    expect(new ConfigResolver(KNOWN).settingsFor(path.join(dir, 'a.yaml')).rules).toEqual({ 'metric-name': 'error', 'read-only-field': 'off' });
  });

  it.each([
    ['rules:\n  metric-name: 3\n', /:2:3: severity of "metric-name" must be one of off, info, warning, error \(ESLint's warn, 0, 1, 2 too\), not 3/],
    ['rules:\n  metric-name: "2"\n', /severity of "metric-name" must be one of .*, not "2"/],
    ['rules:\n  metric-name: Warn\n', /not "Warn"/],
    ['overrides:\n  - files: ["x/**"]\n    rules: { metric-name: -1 }\n', /:3:14: severity of "metric-name" must be one of/],
  ])('rejects what is none of them: %j', (text, message) => {
    const dir = tree({ 'omlint.config.yaml': text });
    const r = new ConfigResolver(KNOWN);
    expect(() => r.settingsFor(path.join(dir, 'a.yaml'))).toThrow(ConfigError);
    expect(() => r.settingsFor(path.join(dir, 'a.yaml'))).toThrow(message);
  });

  it('rejects an extended file\'s severity that is none of them', () => {
    const dir = tree({ 'team.yaml': 'rules:\n  metric-name: 5\n', 'omlint.config.yaml': 'extends: ./team.yaml\n' });
    expect(() => new ConfigResolver(KNOWN).settingsFor(path.join(dir, 'a.yaml'))).toThrow(/team\.yaml.*severity of "metric-name" must be one of off, info, warning, error \(ESLint's warn, 0, 1, 2 too\), not 5/);
  });

  it('--rule reads the same spellings, and names them when one is wrong', () => {
    expect(parseRuleOption('metric-name: 2, read-only-field: 0, enabled-omitted: warn, template-value: 1', KNOWN)).toEqual({ 'metric-name': 'error', 'read-only-field': 'off', 'enabled-omitted': 'warning', 'template-value': 'warning' });
    expect(() => parseRuleOption('metric-name: 3', KNOWN)).toThrow(/must be one of off, info, warning, error \(ESLint's warn, 0, 1, 2 too\), not "3"/);
  });

  it('the config\'s JSON schema accepts them too (editors say what omlint says)', () => {
    const schema = JSON.parse(readFileSync(path.join(__dirname, '../../schemas/omlint-config.schema.json'), 'utf8'));
    const validate = new Ajv({ strict: false }).compile(schema);
    for (const sev of ['off', 'info', 'warning', 'error', 'warn', 0, 1, 2]) {
      expect(validate({ rules: { 'metric-name': sev }, overrides: [{ files: ['x'], rules: { 'metric-name': sev } }] }), JSON.stringify(sev)).toBe(true);
    }
    for (const sev of ['2', 3, 'Warn', 'fatal']) expect(validate({ rules: { 'metric-name': sev } }), JSON.stringify(sev)).toBe(false);
  });
});
