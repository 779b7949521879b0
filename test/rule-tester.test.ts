// The RuleTester must fail a case that is not exactly what it claims, and the rule contract
// must fill message templates and refuse unknown message ids or missing data.
import { describe, expect, it } from 'vitest';
import duplicateIntegration from '../rules/duplicate-integration';
import enabledOmitted from '../rules/enabled-omitted';
import eventTypeName from '../rules/event-type-name';
import replicaSetVoting from '../rules/replica-set-voting';
import notificationInterval from '../rules/notification-interval';
import alertEnabledFlipped from '../rules/alert-enabled-flipped';
import configVersionChanged from '../rules/config-version-changed';
import processRenamed from '../rules/process-renamed';
import roundTripLoss from '../rules/round-trip-loss';
import { replicaSetExample, threeMembers, withFirst } from '../src/model/example-deployments';
import { lint } from '../src/engine/lint';
import { defineRule } from '../src/core/rule';
import { checkInvalid, checkValid } from './rule-tester';

const NOTIFY = (interval: number) => `  - typeName: EMAIL\n    emailAddress: dba@example.com\n    delayMin: 0\n    intervalMin: ${interval}\n`;
const TWO_BAD = `eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n${NOTIFY(1)}${NOTIFY(2)}`;
const NO_ENABLED = 'eventTypeName: HOST_DOWN\nnotifications: []\n';

describe('RuleTester', () => {
  it('fails an invalid case that yields no diagnostic', async () => {
    await expect(checkInvalid(enabledOmitted, { code: `enabled: true\n${NO_ENABLED}`, errors: [{ messageId: 'omitted' }] })).rejects.toThrow(/expected 1 diagnostic/);
  });
  it('fails an invalid case that yields an extra diagnostic', async () => {
    await expect(checkInvalid(notificationInterval, { code: TWO_BAD, errors: [{ messageId: 'intervalTooSmall', line: 7 }] })).rejects.toThrow(/expected 1 diagnostic/);
    await checkInvalid(notificationInterval, { code: TWO_BAD, errors: [{ messageId: 'intervalTooSmall', line: 7, column: 18 }, { messageId: 'intervalTooSmall', line: 11, column: 18 }] });
  });
  it('fails a wrong messageId, data, line or column', async () => {
    const ok = { code: TWO_BAD, errors: [{ messageId: 'intervalTooSmall', line: 7 }, { messageId: 'intervalTooSmall', line: 11 }] };
    await checkInvalid(notificationInterval, ok);
    await expect(checkInvalid(notificationInterval, { ...ok, errors: [{ messageId: 'badDelay' }, ok.errors[1]] })).rejects.toThrow();
    await expect(checkInvalid(notificationInterval, { ...ok, errors: [{ messageId: 'noSuchMessage' }, ok.errors[1]] })).rejects.toThrow(/has no message "noSuchMessage"/);
    await expect(checkInvalid(notificationInterval, { ...ok, errors: [{ messageId: 'intervalTooSmall', data: { interval: 3, minIntervalMin: 5 } }, ok.errors[1]] })).rejects.toThrow();
    await expect(checkInvalid(notificationInterval, { ...ok, errors: [{ messageId: 'intervalTooSmall', line: 8 }, ok.errors[1]] })).rejects.toThrow(/line/);
    await expect(checkInvalid(notificationInterval, { ...ok, errors: [{ messageId: 'intervalTooSmall', column: 1 }, ok.errors[1]] })).rejects.toThrow(/column/);
  });
  it('demands the fixed output of a fixable case, and checks it', async () => {
    // A safe fix (enabled-omitted's insertion is a suggestion since issue 31): one near event type.
    const TYPO = 'eventTypeName: HOST_DOWNN\nenabled: true\nnotifications: []\n';
    const c = { code: TYPO, errors: [{ messageId: 'nearMiss', line: 1, column: 16 }] };
    await expect(checkInvalid(eventTypeName, c)).rejects.toThrow(/state the fixed text/);
    await expect(checkInvalid(eventTypeName, { ...c, output: TYPO })).rejects.toThrow(/output/);
    await checkInvalid(eventTypeName, { ...c, output: TYPO.replace('HOST_DOWNN', 'HOST_DOWN') });
  });
  it('checks the message (text or pattern), pointer and suggestion outputs', async () => {
    const e = { messageId: 'intervalTooSmall', line: 7 };
    await checkInvalid(notificationInterval, { code: TWO_BAD, errors: [{ ...e, pointer: '/notifications/0/intervalMin', message: /intervalMin/ }, { ...e, line: 11 }] });
    await expect(checkInvalid(notificationInterval, { code: TWO_BAD, errors: [{ ...e, pointer: '/notifications/1/intervalMin' }, { ...e, line: 11 }] })).rejects.toThrow(/pointer/);
    await expect(checkInvalid(notificationInterval, { code: TWO_BAD, errors: [{ ...e, message: 'not the message' }, { ...e, line: 11 }] })).rejects.toThrow(/message/);
    await expect(checkInvalid(notificationInterval, { code: TWO_BAD, errors: [{ ...e, message: /^nothing like it$/ }, { ...e, line: 11 }] })).rejects.toThrow(/message/);
    const arbiter = (p: number) => `replicaSets:\n  - _id: rs0\n    members:\n      - {_id: 0, host: a, priority: 1}\n      - {_id: 1, host: b, arbiterOnly: true, priority: ${p}}\n`;
    // A plain-message report (no messageId) is stated by its message.
    const c = { code: arbiter(1), kind: 'automation-config' as const, output: null };
    await checkInvalid(replicaSetVoting, { ...c, errors: [{ message: /arbiter/, suggestions: [{ title: 'Set priority to 0', output: arbiter(0) }] }] });
    await expect(checkInvalid(replicaSetVoting, { ...c, errors: [{ message: /arbiter/, suggestions: [{ title: 'Set priority to 0', output: arbiter(2) }] }] })).rejects.toThrow(/suggestions/);
    await expect(checkInvalid(replicaSetVoting, { ...c, errors: [{ messageId: 'memberVotes' }] })).rejects.toThrow();
    await expect(checkInvalid(replicaSetVoting, { ...c, errors: [{}] })).rejects.toThrow(/states its messageId/);
  });
  it('finds diagnostics in the files of the scope, with their related places', async () => {
    const slack = (channel: string) => `type: SLACK\napiToken: \${T}\nteamName: E\nchannelName: ${channel}\n`;
    const c = { fileName: 'a.yaml', code: slack('ops'), scope: { 'b.yaml': slack('db') } };
    await checkInvalid(duplicateIntegration, { ...c, errors: [{ messageId: 'duplicate', file: 'b.yaml', related: [{ file: 'a.yaml', pointer: '/type' }] }] });
    await expect(checkInvalid(duplicateIntegration, { ...c, errors: [{ messageId: 'duplicate' }] })).rejects.toThrow(/file/);
    await expect(checkInvalid(duplicateIntegration, { ...c, errors: [{ messageId: 'duplicate', file: 'b.yaml', related: [{ file: 'b.yaml', pointer: '/type' }] }] })).rejects.toThrow(/related/);
    await expect(checkValid(duplicateIntegration, c)).rejects.toThrow(/valid case/);
  });
  it('fails a valid case with a diagnostic', async () => {
    await expect(checkValid(enabledOmitted, { code: NO_ENABLED })).rejects.toThrow(/valid case/);
  });
});

describe('RuleTester: a case with a base (transition rules, as check --base)', () => {
  const doc = (v: number) => `version: ${v}\nprocesses: []\n`;
  const lowered = { messageId: 'lowered', severity: 'warning' as const, pointer: '/version', line: 1, column: 10 };
  it('runs the rule on the file and its base: a change is found, the same text is not', async () => {
    // Fails when the tester drops `base`: the transition rule then never runs.
    await checkInvalid(configVersionChanged, { base: doc(41), code: doc(39), errors: [{ ...lowered, message: /and 41 in the base \(HEAD:doc\.yaml\)/ }] });
    await checkValid(configVersionChanged, { base: doc(39), code: doc(39) });
    await expect(checkValid(configVersionChanged, { base: doc(41), code: doc(39) })).rejects.toThrow(/valid case/);
    await expect(checkInvalid(configVersionChanged, { base: doc(41), code: doc(39), errors: [{ ...lowered, line: 2 }] })).rejects.toThrow(/line/);
  });
  it('labels the base HEAD:<file> and reads a JSON file and its base with their positions', async () => {
    const json = (v: number) => `{\n  "version": ${v},\n  "processes": []\n}\n`;
    await checkInvalid(configVersionChanged, { fileName: 'a.json', base: json(41), code: json(39), errors: [{ ...lowered, line: 2, column: 14, message: /\(HEAD:a\.json\)/ }] });
  });
  it('checks the related location in the base, its pointer and position', async () => {
    const procs = threeMembers('7.0.12', '7.0');
    const c = { base: replicaSetExample(procs), code: replicaSetExample(withFirst(procs, { name: 'rs0-primary' })) };
    const at = { messageId: 'renamed', pointer: '/processes/0/name', line: 13, column: 11 };
    await checkInvalid(processRenamed, { ...c, errors: [{ ...at, related: [{ file: 'base', pointer: '/processes/0/name', line: 13, column: 5 }] }] });
    await expect(checkInvalid(processRenamed, { ...c, errors: [{ ...at, related: [{ file: 'doc.yaml', pointer: '/processes/0/name' }] }] })).rejects.toThrow(/related/);
    await expect(checkInvalid(processRenamed, { ...c, errors: [{ ...at, related: [{ file: 'base', pointer: '/processes/0/name', line: 14, column: 5 }] }] })).rejects.toThrow(/related/);
    await expect(checkInvalid(processRenamed, { ...c, errors: [{ ...at, related: [] }] })).rejects.toThrow(/related/);
  });
  it('passes `partial` on to the rule', async () => {
    const procs = threeMembers('7.0.12', '7.0');
    const TLS = 'tls:\n  CAFilePath: /etc/ssl/ca.pem\n  autoPEMKeyFilePath: /etc/ssl/automation.pem\n';
    const c = { base: replicaSetExample(procs, undefined, `${TLS}  autoPEMKeyFilePwd: Sup3r-Secret-Pass\n`), code: replicaSetExample(procs, undefined, TLS) };
    await checkValid(roundTripLoss, { ...c, partial: true });
    await checkInvalid(roundTripLoss, { ...c, errors: [{ messageId: 'passwordDropped', related: [{ file: 'base', pointer: '/tls/autoPEMKeyFilePwd' }] }] });
  });
  it('fails a case whose base pairs with no document, or does not parse: nothing ran', async () => {
    const alert = (event: string, enabled: boolean) => `eventTypeName: ${event}\nenabled: ${enabled}\n`;
    // Another event type: another alert configuration (document-identity.ts), so no pair.
    await expect(checkValid(alertEnabledFlipped, { base: alert('NO_PRIMARY', true), code: alert('HOST_DOWN', false) })).rejects.toThrow(/pairs with no document/);
    await expect(checkValid(alertEnabledFlipped, { base: 'eventTypeName: [', code: alert('HOST_DOWN', false) })).rejects.toThrow(/base HEAD:doc\.yaml does not parse/);
    await checkInvalid(alertEnabledFlipped, { base: alert('HOST_DOWN', true), code: alert('HOST_DOWN', false), errors: [{ messageId: 'disabled', line: 2, column: 10 }] });
  });
});

describe('rule contract: messages', () => {
  const run = async (make: (report: (r: object) => void) => void) => {
    const r = defineRule({
      meta: { id: 'test-messages', kinds: ['alert-config'], defaultSeverity: 'warning', description: 'test', messages: { hello: 'Hello {{who}}, {{n}} times.' }, docs: { why: '', bad: '', good: '' } },
      check: (ctx) => make(ctx.report as (r: object) => void),
    });
    const [res] = await lint([{ filePath: 'a.yaml', text: NO_ENABLED }], { kind: 'alert-config', ruleSet: [r] });
    return res.diagnostics.map((d) => [d.ruleId, d.messageId, d.message]);
  };
  it('fills a template from data and keeps the messageId', async () => {
    expect(await run((report) => report({ pointer: '', messageId: 'hello', data: { who: 'ops', n: 2 } }))).toEqual([['test-messages', 'hello', 'Hello ops, 2 times.']]);
  });
  it('an unknown messageId or missing data is an internal error of the rule, never a silent pass', async () => {
    expect(await run((report) => report({ pointer: '', messageId: 'bye' }))).toEqual([['internal-error', undefined, expect.stringMatching(/test-messages failed.*message id "bye"/)]]);
    expect(await run((report) => report({ pointer: '', messageId: 'hello', data: { who: 'ops' } }))).toEqual([['internal-error', undefined, expect.stringMatching(/no data for \{\{n\}\}/)]]);
  });
});
