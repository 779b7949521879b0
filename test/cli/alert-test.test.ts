// `omlint test` through the built CLI (issue 35): the realistic suite of examples/alert-tests
// passes, the failing example of test/data/alert-tests fails with its golden timeline, the formats,
// bad input (exit 2 at file:line:column, never a crash) and --explain.
import { readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../golden/corpus';
import { cli, cliProcess, tree } from './run';

const FAILING = 'test/data/alert-tests';

describe('omlint test', () => {
  it('runs the realistic suite of examples/alert-tests (and the alert test of examples/clean): every case passes (exit 0)', () => {
    const r = cliProcess(['test', 'examples'], { cwd: ROOT });
    // examples/scoped's configuration ignores its vendor/ (check's example): named, not searched.
    expect(r.stderr).toBe("omlint: note: examples/scoped/vendor: directory ignored by the configuration's ignore list; not searched for alert tests\n");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^(\d+) cases: \1 passed, 0 failed$/m);
    expect(r.stdout.match(/^ {2}ok {3}/gm)!.length).toBeGreaterThanOrEqual(8);
  });

  it('a failing test fails (exit 1) with the difference and the timeline: golden output', () => {
    const r = cliProcess(['test', FAILING], { cwd: ROOT });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(readFileSync(path.join(ROOT, FAILING, 'pages-during-window.stylish.txt'), 'utf8'));
  });

  it('json: each case with its result, difference and timeline', () => {
    const r = cliProcess(['test', FAILING, '-f', 'json'], { cwd: ROOT });
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.summary).toEqual({ files: 1, cases: 2, passed: 0, failed: 2, problems: 0 });
    const [first] = report.files[0].cases;
    expect(first.name).toBe('the load test pages nobody');
    expect(first.extra[0]).toBe('notification +4m connections db1.example.com:27017 to SLACK #ops');
    expect(first.timeline.some((l: string) => /not muted: window replica-set-only \(REPLICA_SET\)/.test(l))).toBe(true);
  });

  it('junit: one testcase per case, failures carrying the timeline', () => {
    const r = cliProcess(['test', FAILING, 'examples/alert-tests/cpu-high.alert-test.yaml', '-f', 'junit'], { cwd: ROOT });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="omlint test" tests="5" failures="2" errors="0">/);
    expect(r.stdout.match(/<testcase /g)).toHaveLength(5);
    expect(r.stdout.match(/<failure /g)).toHaveLength(2);
    expect(r.stdout).toContain('timeline:');
  });

  it('-o writes the report to a file', () => {
    const dir = tree({});
    const r = cliProcess(['test', path.join(ROOT, 'examples/alert-tests'), '-o', path.join(dir, 'out/report.json'), '-f', 'json'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(dir, 'out/report.json'), 'utf8')).summary.failed).toBe(0);
  });

  describe('bad input: exit 2 with a clear message, at its place', () => {
    const START = 'start: "2026-01-05T00:00:00Z"\n';
    const HOSTS = 'deployment:\n  hosts: [{ id: db1, hostname: db1.example.com, typeName: PRIMARY }]\n';
    const CASES = 'cases:\n  - { name: c, at: 5m, alerts: [] }\n';

    it('a series that cannot be read', () => {
      const dir = tree({ 'c.alert-config.yaml': 'eventTypeName: HOST_DOWN\nnotifications: [{ typeName: EMAIL, emailAddress: a@b.c }]\n', 't.alert-test.yaml': `${START}load: { alertConfigs: [c.alert-config.yaml] }\n${HOSTS}series:\n  db1: { CONNECTIONS: "1 2 three" }\n${CASES}` });
      const r = cliProcess(['test', '.'], { cwd: dir });
      expect(r.code).toBe(2);
      expect(r.stdout).toContain('t.alert-test.yaml:6:23  error  This series cannot be read: "three" is no sample');
    });

    it('a loaded file that does not exist, at the path that names it', () => {
      const dir = tree({ 't.alert-test.yaml': `${START}load:\n  alertConfigs:\n    - missing.alert-config.yaml\n${HOSTS}${CASES}` });
      const r = cliProcess(['test', 't.alert-test.yaml'], { cwd: dir });
      expect(r.code).toBe(2);
      expect(r.stdout).toMatch(/t\.alert-test\.yaml:4:7 {2}error {2}missing\.alert-config\.yaml: /);
    });

    it('a loaded file that is no alert configuration', () => {
      const dir = tree({ 'w.yaml': 'alertTypeNames: [HOST]\n', 't.alert-test.yaml': `${START}load: { alertConfigs: [w.yaml] }\n${HOSTS}${CASES}` });
      const r = cliProcess(['test', 't.alert-test.yaml'], { cwd: dir });
      expect(r.code).toBe(2);
      expect(r.stdout).toContain('w.yaml: document 0 is no alert configuration (no eventTypeName)');
    });

    it('a test that spans too many steps', () => {
      const dir = tree({ 't.alert-test.yaml': `${START}step: 1s\nuntil: 52w\nload: {}\n${HOSTS}${CASES}` });
      const r = cliProcess(['test', 't.alert-test.yaml'], { cwd: dir });
      expect(r.code).toBe(2);
      expect(r.stdout).toMatch(/the test spans 31449601 steps of 1s; at most 600000 are run/);
    });

    it('usage: no path, a path that does not exist, a directory without tests, options of --explain without it', () => {
      const dir = tree({ 'a.yaml': 'x: 1\n' });
      expect(cliProcess(['test'], { cwd: dir })).toMatchObject({ code: 2, stderr: 'omlint: test needs alert test files or directories (or --explain <alert-config>)\n' });
      expect(cliProcess(['test', 'nope'], { cwd: dir })).toMatchObject({ code: 2, stderr: 'omlint: nope: no such file or directory\n' });
      expect(cliProcess(['test', '.'], { cwd: dir })).toMatchObject({ code: 2, stderr: 'omlint: no alert test (*.alert-test.yaml) in .\n' });
      expect(cliProcess(['test', '.', '--series', 'CONNECTIONS: 1'], { cwd: dir })).toMatchObject({ code: 2, stderr: 'omlint: --series, --event, --window, --global and --step go with --explain\n' });
    });
  });

  describe('--explain: the timeline without expectations', () => {
    it('would this page someone, and when?', () => {
      const r = cliProcess(['test', '--explain', 'examples/clean/cpu-high.alert-config.yaml', '--series', 'NORMALIZED_SYSTEM_CPU_USER: 40 95x10 30'], { cwd: ROOT });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('+1m      2026-01-05T00:01Z  cpu-high db1.example.com:27017: TRACKING (condition holds: NORMALIZED_SYSTEM_CPU_USER 95 > 85)');
      expect(r.stdout).toContain('+6m      2026-01-05T00:06Z  cpu-high db1.example.com:27017: notification to PAGER_DUTY');
      expect(r.stdout).toMatch(/\n2 notifications, the first \+1m to GROUP GROUP_OWNER,GROUP_MONITORING_ADMIN\n$/);
    });

    it('events, windows and global configurations', () => {
      const r = cliProcess(['test', '--explain', 'examples/clean/host-down.global-alert-config.yaml', '--global', '--event', '5m HOST_DOWN', '--window', 'test/data/alert-tests/replica-set-only.maintenance-window.yaml', '--step', '1m'], { cwd: ROOT });
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('host-down db1.example.com:27017: notification to ADMIN');
    });

    it('bad options are usage errors', () => {
      expect(cliProcess(['test', '--explain', 'examples/clean/cpu-high.alert-config.yaml', '--series', 'nonsense'], { cwd: ROOT })).toMatchObject({ code: 2, stderr: 'omlint: --series "nonsense": write METRIC: values, e.g. "CONNECTIONS: 100 200 5000x10"\n' });
      expect(cliProcess(['test', '--explain', 'examples/clean/cpu-high.alert-config.yaml', '--series', 'CONNECTIONS: 1 +'], { cwd: ROOT }).stderr).toContain('"+" is no sample');
      expect(cliProcess(['test', '--explain', 'examples/clean/cpu-high.alert-config.yaml', '--event', 'soon HOST_DOWN'], { cwd: ROOT }).code).toBe(2);
      expect(cliProcess(['test', '--explain', 'nope.yaml'], { cwd: ROOT })).toMatchObject({ code: 2 });
      expect(cliProcess(['test', 'x', '--explain', 'examples/clean/cpu-high.alert-config.yaml'], { cwd: ROOT }).code).toBe(2);
    });
  });

  describe('the files it runs are found as `check` finds files', () => {
    const OK = 'start: "2026-01-05T00:00:00Z"\nload: {}\ndeployment:\n  hosts: [{ id: db1, hostname: db1.example.com, typeName: PRIMARY }]\ncases:\n  - { name: quiet, at: 5m, alerts: [] }\n';
    /** The test files a stylish report names, in its order. */
    const ran = (stdout: string) => stdout.split('\n').filter((l) => /^\S+\.alert-test\.yaml$/.test(l));
    /** The note `omlint test` gives for a directory an ignore kept out. */
    const dirNote = (dir: string, by: string) => `omlint: note: ${dir}: directory ignored by ${by}; not searched for alert tests\n`;
    const CONFIG = "the configuration's ignore list";

    it('.omlintignore and the configuration\'s ignore list keep tests out; a named ignored test gets a note', async () => {
      const dir = tree({
        '.omlintignore': 'skip/\nnamed.alert-test.yaml\n', 'omlint.config.yaml': 'ignore: ["vendor/**"]\n',
        'a.alert-test.yaml': OK, 'skip/b.alert-test.yaml': OK, 'vendor/v.alert-test.yaml': OK, 'named.alert-test.yaml': OK, 'notes.yaml': 'x: 1\n',
      });
      const walked = await cli(['test', '.'], { cwd: dir });
      expect([walked.code, ran(walked.stdout)]).toEqual([0, ['a.alert-test.yaml']]);
      // What was kept out is named, with the ignore that did it (notes.yaml, not a test, is not).
      expect(walked.stderr).toBe(`${dirNote('skip', '.omlintignore')}${dirNote('vendor', CONFIG)}omlint: note: named.alert-test.yaml: alert test ignored by .omlintignore; not run\n`);
      const named = await cli(['test', 'named.alert-test.yaml', 'a.alert-test.yaml'], { cwd: dir });
      expect([named.code, ran(named.stdout)]).toEqual([0, ['a.alert-test.yaml']]);
      expect(named.stderr).toBe('omlint: note: named.alert-test.yaml: File ignored because of a matching ignore pattern; not checked\n');
      const none = await cli(['test', 'skip'], { cwd: dir });
      expect([none.code, none.stderr]).toEqual([2, `${dirNote('skip', '.omlintignore')}` + "omlint: no alert test (*.alert-test.yaml) in skip (ignored by an ignore pattern, the configuration's ignore or .omlintignore: skip)\n"]);
    });

    it('when every test is under ignored directories, the walk says so and the "no alert test" message gives the reason', async () => {
      const dir = tree({ '.omlintignore': 'generated/\n', 'omlint.config.yaml': 'ignore: ["old/**"]\n', 'generated/g.alert-test.yaml': OK, 'old/o.alert-test.yaml': OK, 'notes.yaml': 'x: 1\n' });
      const r = await cli(['test', '.'], { cwd: dir });
      expect([r.code, r.stdout]).toEqual([2, '']);
      expect(r.stderr).toBe(`${dirNote('generated', '.omlintignore')}${dirNote('old', CONFIG)}omlint: no alert test (*.alert-test.yaml) in . (ignored by an ignore pattern, the configuration's ignore or .omlintignore: generated, old)\n`);
    });

    it('follows linked tests and directories, and says what it skips: a loop, a dangling link (named: a problem, the others still run)', async () => {
      const dir = tree({ 'real/r.alert-test.yaml': OK, 'tests/a.alert-test.yaml': OK });
      symlinkSync('../real/r.alert-test.yaml', path.join(dir, 'tests/linked.alert-test.yaml'));
      symlinkSync('../real', path.join(dir, 'tests/more'));
      symlinkSync('..', path.join(dir, 'tests/up'));
      symlinkSync('gone.alert-test.yaml', path.join(dir, 'tests/dangling.alert-test.yaml'));
      const walked = await cli(['test', 'tests'], { cwd: dir });
      expect([walked.code, ran(walked.stdout)]).toEqual([0, ['tests/a.alert-test.yaml', 'tests/linked.alert-test.yaml', 'tests/more/r.alert-test.yaml']]);
      expect(walked.stderr).toContain('omlint: note: tests/dangling.alert-test.yaml: symbolic link to "gone.alert-test.yaml", which does not exist; skipped\n');
      expect(walked.stderr).toContain('omlint: note: tests/up: symbolic link loop (it links to a directory above it); not followed\n');
      const named = await cli(['test', 'tests/dangling.alert-test.yaml', 'tests/a.alert-test.yaml'], { cwd: dir });
      expect(named.code).toBe(2);
      expect(named.stdout).toContain('tests/dangling.alert-test.yaml:1:1  error  Symbolic link to "gone.alert-test.yaml", which does not exist.');
      expect(named.stdout).toMatch(/tests\/a\.alert-test\.yaml\n {2}ok {3}quiet\n/);
    });
  });
});
