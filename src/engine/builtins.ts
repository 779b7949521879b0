// The rule ids the engine itself reports (not a rule module's): their metadata and docs, listed in
// rules/registry.ts by scripts/gen-rule-index.ts (sorted by id there, like every rule).
import { defineBuiltin } from '../core/rule';

export const EMPTY_DOCUMENT = defineBuiltin({
  id: 'empty-document',
  defaultSeverity: 'warning',
  description: 'A file or YAML document has no content.',
  docs: {
    why: 'An empty document is usually a stray `---` separator or a file that lost its content; it configures nothing.',
    bad: `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
---
`,
    good: `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`,
  },
});

export const UNKNOWN_KIND = defineBuiltin({
  id: 'unknown-kind',
  defaultSeverity: 'error',
  description: 'The document kind cannot be determined, or is ambiguous.',
  fixable: true,
  docs: {
    fixes: 'Safe: renaming the one misspelt identifying key to the key it nearly is.',
    why: 'omlint checks each document against the rules of its kind. When the content does not say which kind it is, declare it with `--kind`, a config override (`overrides: [{files: [...], kind: ...}]`) or a modeline comment `# omlint: kind=alert-config`. A document whose identifying key is misspelt (`eventTypename`, `alertTypeName`, `"typ"`) or whose modeline is malformed (`# omlint kind=alert-config`) is reported here with the kind it nearly is, never skipped as a file of no kind; `--fix` renames the key when one key is near. So is a file whose name misspells a kind (`cpu.alert-confg.yaml`: the near kind is named), and a file named as one kind whose content plainly is another (an alert configuration saved as `cpu.integration.yaml`: one diagnostic, instead of the integration schema reporting every field).',
    bad: `# omlint: kind=alert-configuration\neventTypeName: HOST_DOWN\n`,
    good: `# omlint: kind=alert-config
eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`,
  },
});

export const INTERNAL_ERROR = defineBuiltin({
  id: 'internal-error',
  defaultSeverity: 'error',
  description: 'A rule failed on this document; the other rules still ran.',
  docs: {
    why: 'A bug in omlint must not hide the other findings or pass silently: the failing rule is named so that it can be reported.',
    bad: '',
    good: `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`,
  },
});

export const TEMPLATE_VALUE_RULE = defineBuiltin({
  id: 'template-value',
  defaultSeverity: 'info',
  description: 'A template value (placeholder) that omlint does not check.',
  docs: {
    why:
      'Values such as `{{ .Values.operator }}`, `${VAR}`, `<REGION>`, `:MONGOD_VERSION:`, `YOUR_SLACK_TOKEN` or `CHANGE_ME` ' +
      'are filled in by a templating or deployment tool before the document reaches the API. omlint does not judge ' +
      'them (no enum, pattern, version or secret errors) and says so once per value. The forms are recognised only ' +
      "as a whole value (a password such as `Hunter2<Prod>Sig9` is not a template); the config's " +
      '`secretPlaceholders` adds patterns of your own. Turn the rule off to hide the notes.',
    bad: `eventTypeName: OUTSIDE_METRIC_THRESHOLD
enabled: true
metricThreshold:
  metricName: ASSERT_REGULAR
  operator: "{{ .Values.operator }}"
  threshold: 5
  units: RAW
  mode: AVERAGE
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`,
    good: `eventTypeName: OUTSIDE_METRIC_THRESHOLD
enabled: true
metricThreshold:
  metricName: ASSERT_REGULAR
  operator: GREATER_THAN
  threshold: 5
  units: RAW
  mode: AVERAGE
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`,
    kind: 'alert-config',
  },
});
