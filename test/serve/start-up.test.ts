// Issue 34, "What it is": the default deployment's banner carries a `curl --digest` line a newcomer
// runs as printed; `--user` is repeatable (each a GLOBAL_OWNER key); the server binds to loopback
// (127.0.0.1) unless `--host` says otherwise, and then only there.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, digestFetch, startProcess, type Running } from './support';

const CURL = spawnSync('curl', ['--version'], { stdio: 'ignore' }).status === 0;
const running: Running[] = [];
afterAll(() => Promise.all(running.map((r) => r.stop())));

/** Whether a TCP connection to host:port is taken (false: refused). */
const reachable = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, host);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

describe('start-up', () => {
  it.skipIf(!CURL)('prints a curl --digest line that works as printed', async () => {
    const srv = await startProcess([]);
    running.push(srv);
    const line = /^ {2}try: (curl .+)$/m.exec(srv.stdout)![1];
    expect(line).toMatch(/^curl --digest -u \S+:\S+ http:\/\/127\.0\.0\.1:\d+\/api\/public\/v1\.0\/groups\/\w+\/alertConfigs$/);
    const out = execFileSync('curl', [...line.split(' ').slice(1), '-s', '--max-time', '10', '-w', '\n%{http_code}'], { encoding: 'utf8', timeout: 15_000 });
    expect(out.slice(out.lastIndexOf('\n') + 1)).toBe('200');
    expect(JSON.parse(out.slice(0, out.lastIndexOf('\n'))).totalCount).toBe(1);
  });

  it('takes --user more than once, each key a GLOBAL_OWNER (the control API answers both), neither private key printed', async () => {
    const srv = await startProcess(['--control', '--user', 'ci-one:first-private-0001', '--user', 'ci-two:second-private-0002']);
    running.push(srv);
    expect(srv.stdout).toContain('  --user ci-one (GLOBAL_OWNER)\n  --user ci-two (GLOBAL_OWNER)\n');
    expect(srv.stdout).not.toMatch(/first-private|second-private/);
    const clock = srv.base.replace('/api/public/v1.0', '/__omlint/clock');
    for (const [pub, priv] of [['ci-one', 'first-private-0001'], ['ci-two', 'second-private-0002']]) {
      const r = await digestFetch(clock, pub, priv, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"seconds": 0}' });
      expect(r.status, pub).toBe(200);
    }
  });

  it('binds to 127.0.0.1 by default (not another address of the host) and to the --host given', async () => {
    const srv = await startProcess([]);
    running.push(srv);
    expect(await reachable('127.0.0.1', srv.port)).toBe(true);
    expect(await reachable('127.0.0.2', srv.port)).toBe(false);

    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--host', '127.0.0.2'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let out = '';
      const port = await new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no banner: ${out}`)), 10_000);
        child.stdout!.on('data', (c) => {
          out += String(c);
          const m = /listening on http:\/\/127\.0\.0\.2:(\d+)\//.exec(out);
          if (m && /try: /.test(out)) {
            clearTimeout(timer);
            resolve(Number(m[1]));
          }
        });
      });
      expect(out).toContain(`try: curl --digest -u `);
      expect(out).toMatch(new RegExp(`http://127\\.0\\.0\\.2:${port}/api/public/v1\\.0/groups/`));
      expect(await reachable('127.0.0.2', port)).toBe(true);
      expect(await reachable('127.0.0.1', port)).toBe(false);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
