// Rule ids reported by the parser, kind detection, the schema layer and the engine itself,
// rather than by a module in rules/. Their docs are generated and their examples tested like
// any rule's.
import type { RuleMeta } from './types';

const ALERT_GOOD = `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`;

export const BUILTIN_RULES: RuleMeta[] = [
  {
    id: 'syntax-error',
    kinds: '*',
    defaultSeverity: 'error',
    description: 'The file is not valid JSON or YAML.',
    docs: {
      why: 'The server rejects a body it cannot parse; omlint points at the exact spot and says why in plain words.',
      bad: `eventTypeName: HOST_DOWN\nenabled: true\nnotifications: [\n  {typeName: EMAIL, emailAddress: dba@example.com\n`,
      good: ALERT_GOOD,
    },
  },
  {
    id: 'duplicate-key',
    kinds: '*',
    defaultSeverity: 'error',
    description: 'A key is repeated in one object.',
    docs: {
      why: 'JSON and YAML parsers keep one of the values silently (the server keeps the last), so one of the two settings is lost without a word.',
      bad: ALERT_GOOD.replace('enabled: true\n', 'enabled: true\nenabled: false\n'),
      good: ALERT_GOOD,
    },
  },
  {
    id: 'unknown-kind',
    kinds: '*',
    defaultSeverity: 'error',
    description: 'The document kind cannot be determined, or is ambiguous.',
    fixable: true,
    docs: {
      why: 'omlint checks each document against the rules of its kind. When the content does not say which kind it is, declare it with `--kind`, a config override (`overrides: [{files: [...], kind: ...}]`) or a modeline comment `# omlint: kind=alert-config`. A document whose identifying key is misspelt (`eventTypename`, `alertTypeName`, `"typ"`) or whose modeline is malformed (`# omlint kind=alert-config`) is reported here with the kind it nearly is, never skipped as a file of no kind; `--fix` renames the key when one key is near.',
      bad: `# omlint: kind=alert-configuration\neventTypeName: HOST_DOWN\n`,
      good: `# omlint: kind=alert-config\n${ALERT_GOOD}`,
    },
  },
  {
    id: 'empty-document',
    kinds: '*',
    defaultSeverity: 'warning',
    description: 'A file or YAML document has no content.',
    docs: {
      why: 'An empty document is usually a stray `---` separator or a file that lost its content; it configures nothing.',
      bad: `${ALERT_GOOD}---\n`,
      good: ALERT_GOOD,
    },
  },
  {
    id: 'limit-exceeded',
    kinds: '*',
    defaultSeverity: 'error',
    description: 'The file exceeds a size, nesting-depth, node-count, memory or alias-expansion limit.',
    docs: {
      why: 'Hostile or broken files (alias bombs, absurd nesting, huge files, millions of nodes) must not hang or exhaust a pre-commit hook or an editor. The limits are checked by a cheap scan before any parser runs, and aliases are counted as what they expand to. The message names the limit and the option that raises it (`--max-file-size`, `--max-depth`, `--max-nodes`, `--max-memory`, `--max-aliases`). See docs/robustness.md.',
      bad: `a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n`,
      good: ALERT_GOOD,
    },
  },
  {
    id: 'internal-error',
    kinds: '*',
    defaultSeverity: 'error',
    description: 'A rule failed on this document; the other rules still ran.',
    docs: {
      why: 'A bug in omlint must not hide the other findings or pass silently: the failing rule is named so that it can be reported.',
      bad: '',
      good: ALERT_GOOD,
    },
  },
  {
    id: 'unused-disable-directive',
    kinds: '*',
    defaultSeverity: 'warning',
    fixable: true,
    description: 'An omlint directive comment suppresses nothing, is misspelled, or names an unknown rule.',
    docs: {
      why: 'Stale suppressions hide future problems; remove them once the problem they silenced is gone (`--fix` removes them, or only their unused rule ids). A misspelled directive (`# omlint-disabel`) or rule id suppresses nothing: the message names the nearest directive or rule.',
      bad: `# omlint-disable-next-line enabled-omitted -- migrating\n${ALERT_GOOD}`,
      good: ALERT_GOOD,
    },
  },
  {
    id: 'required-field',
    kinds: '*',
    defaultSeverity: 'error',
    description: 'A field the kind always requires is missing.',
    docs: {
      versions: 'every version; in automation configurations featureCompatibilityVersion is required of mongod processes on MongoDB 3.4 and later only (FCV arrived in 3.4; OM\'s GET omits it for older processes), and builds[].architecture is not required (OM 2.x/3.x GETs omit it).',
      why: 'The server rejects the body. The diagnostic stands on the key of the object that lacks the field.',
      bad: `enabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    delayMin: 0\n    intervalMin: 60\n`,
      good: ALERT_GOOD,
      kind: 'alert-config',
    },
  },
  {
    id: 'unknown-field',
    kinds: '*',
    defaultSeverity: 'warning',
    description: 'A field the kind does not define (did you mean…?).',
    docs: {
      why: 'The server ignores fields it does not know, so a typo silently loses a setting. In automation configurations, which carry many undocumented keys, only near-misses of known keys are reported.',
      bad: ALERT_GOOD.replace('enabled: true', 'enabeld: true'),
      good: ALERT_GOOD,
      kind: 'alert-config',
    },
  },
  {
    id: 'invalid-type',
    kinds: '*',
    defaultSeverity: 'error',
    description: 'A value has the wrong JSON type.',
    docs: {
      versions: 'every version; the fields real GETs of OM 2.x-8.x return as null are nullable (monitoringVersions/backupVersions baseUrl, roles[].roles, roles[].privileges[].resource.cluster, tls CAFilePath).',
      why: 'The server rejects a string where it expects a number, an object where it expects an array, and so on.',
      bad: ALERT_GOOD.replace('intervalMin: 60', 'intervalMin: "sixty"'),
      good: ALERT_GOOD,
      kind: 'alert-config',
    },
  },
  {
    id: 'invalid-value',
    kinds: '*',
    defaultSeverity: 'error',
    description: 'A value breaks an enumeration, pattern, format, length or range.',
    docs: {
      why: 'The server rejects values outside the documented set. Enum violations list the accepted values and offer a fix when one is near.',
      bad: `eventTypeName: OUTSIDE_METRIC_THRESHOLD\nenabled: true\nmetricThreshold:\n  metricName: ASSERT_REGULAR\n  operator: GREATER\n  threshold: 5\n  units: RAW\n  mode: AVERAGE\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    delayMin: 0\n    intervalMin: 60\n`,
      good: `eventTypeName: OUTSIDE_METRIC_THRESHOLD\nenabled: true\nmetricThreshold:\n  metricName: ASSERT_REGULAR\n  operator: GREATER_THAN\n  threshold: 5\n  units: RAW\n  mode: AVERAGE\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    delayMin: 0\n    intervalMin: 60\n`,
      kind: 'alert-config',
    },
  },
  {
    id: 'deprecated-field',
    kinds: '*',
    defaultSeverity: 'warning',
    description: 'A field documented as deprecated or obsolete.',
    docs: {
      versions: 'every version, except slaveDelay: deprecated only for members whose process runs MongoDB 5.0 or later at FCV 5.0 or later (secondaryDelaySecs arrived in 5.0; FCV < 5.0 still uses slaveDelay).',
      why: 'Deprecated fields are ignored or will be removed: global `typeName` is ignored, `monitoringVersions`/`backupVersions` are obsolete, `logRotate.maxUncompressed` is the old name of `numUncompressed`, `slaveDelay` is now `secondaryDelaySecs`, top-level `ssl` is now `tls`.',
      bad: `eventTypeName: HOST_DOWN\nenabled: true\nforAllGroups: true\ntypeName: HOST\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    delayMin: 0\n    intervalMin: 60\n`,
      good: `eventTypeName: HOST_DOWN\nenabled: true\nforAllGroups: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    delayMin: 0\n    intervalMin: 60\n`,
      kind: 'global-alert-config',
    },
  },
  {
    id: 'read-only-field',
    kinds: '*',
    defaultSeverity: 'info',
    description: 'A response-only field in a write body; the server ignores it.',
    docs: {
      why: 'Fields such as `id`, `created`, `updated`, `links` and `groupId` come back in responses; in a request body they are ignored, which usually means the file is a pasted response.',
      bad: `id: 5a0a1e7e0f2912c554080adc\n${ALERT_GOOD}`,
      good: ALERT_GOOD,
      kind: 'alert-config',
    },
  },
  {
    id: 'template-value',
    kinds: '*',
    defaultSeverity: 'info',
    description: 'A template value (placeholder) that omlint does not check.',
    docs: {
      why:
        'Values such as `{{ .Values.operator }}`, `${VAR}`, `<REGION>`, `:MONGOD_VERSION:`, `YOUR_SLACK_TOKEN` or `CHANGE_ME` ' +
        'are filled in by a templating or deployment tool before the document reaches the API. omlint does not judge ' +
        'them (no enum, pattern, version or secret errors) and says so once per value. The forms are recognised only ' +
        "as a whole value (a password such as `Hunter2<Prod>Sig9` is not a template); the config's " +
        '`secretPlaceholders` adds patterns of your own. Turn the rule off to hide the notes.',
      bad: `eventTypeName: OUTSIDE_METRIC_THRESHOLD\nenabled: true\nmetricThreshold:\n  metricName: ASSERT_REGULAR\n  operator: "{{ .Values.operator }}"\n  threshold: 5\n  units: RAW\n  mode: AVERAGE\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    delayMin: 0\n    intervalMin: 60\n`,
      good: `eventTypeName: OUTSIDE_METRIC_THRESHOLD\nenabled: true\nmetricThreshold:\n  metricName: ASSERT_REGULAR\n  operator: GREATER_THAN\n  threshold: 5\n  units: RAW\n  mode: AVERAGE\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    delayMin: 0\n    intervalMin: 60\n`,
      kind: 'alert-config',
    },
  },
];
