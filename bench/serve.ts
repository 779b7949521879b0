// The benchmark of `omlint serve` (issue 34): requests per second and latency (p50, p99) of an
// authenticated GET and a validated PUT of one alert configuration, side by side with a bare Node
// `http` server answering the same JSON and with Prism mocking the same operations
// (bench/serve-openapi.yaml); the emulator loaded with 10,000 alerts and 1,000 alert
// configurations, its memory read from /proc. Rounds are interleaved (every server, every phase,
// then again), so a load change on the machine hits each alike. Not a test: it prints figures.
//   npx tsx bench/serve.ts [--seconds 3] [--rounds 2] [--connections 16] [--no-prism] [--tools DIR] [--no-build]
//     [--omlint FILE] (another build's dist/omlint.js) [--before FILE] (an earlier build's dist/omlint.js or its tree, measured beside it) [--phase TEXT] (only the phases whose name holds TEXT, e.g. "GET, 16") [--cpu-prof DIR] (a V8 CPU profile of omlint serve into DIR)
//     [--trace-gc] (each omlint server's GC pauses during each phase: count, total and longest, by kind)
//     [--node-flags "FLAGS"] (Node/V8 flags for every omlint server, e.g. "--no-parallel-scavenge": experiments)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PRISM = '@stoplight/prism-cli@5.16.0';
const argv = process.argv.slice(2);
const option = (name: string, dflt: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : dflt;
};
const SECONDS = Number(option('--seconds', '3'));
const ROUNDS = Number(option('--rounds', '2'));
const CONNECTIONS = Number(option('--connections', '16'));
const TOOLS = path.resolve(option('--tools', path.join(os.tmpdir(), 'omlint-bench-tools')));
const USE_PRISM = !argv.includes('--no-prism');
const PHASE = option('--phase', '');
/** Another build to measure (e.g. the commit before a change, built elsewhere): its dist/omlint.js. */
const OMLINT = path.resolve(option('--omlint', path.join(ROOT, 'dist/omlint.js')));
/** An earlier build measured in the same rounds, interleaved (the "before" of a change): its dist/omlint.js. */
const BEFORE = argv.includes('--before') ? builtEntry(path.resolve(option('--before', ''))) : undefined;
/** A build's dist/omlint.js, given the file or the tree it was built in. */
function builtEntry(p: string): string {
  return existsSync(path.join(p, 'dist', 'omlint.js')) ? path.join(p, 'dist', 'omlint.js') : p;
}
const CPU_PROF = argv.includes('--cpu-prof') ? path.resolve(option('--cpu-prof', '.')) : undefined;
const TRACE_GC = argv.includes('--trace-gc');
const NODE_FLAGS = option('--node-flags', '').split(' ').filter(Boolean);
const USER = 'bench';
const SECRET = 'c0ffee00-1111-2222-3333-444455556666';
const G = '5f0000000000000000000001';
const ORG = '5e0000000000000000000001';

// ---------------------------------------------------------------------------------------------
// The servers

interface Target {
  name: string;
  port: number;
  child: ChildProcess;
  digest: boolean;
  /** With --trace-gc: the pauses V8 reported so far (kind, ms), read from the server's stdout. */
  gc?: { kind: string; ms: number; at: number }[];
}

function waitForLine(child: ChildProcess, re: RegExp, what: string): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${what} did not start in 120 s: ${out}`)), 120_000);
    const onErr = (c: Buffer) => (out += String(c));
    // Once started, the listeners go: kept, they would gather the request log and run the
    // expression over it at each GC line (--trace-gc), slowing this client as the run goes on.
    const on = (c: Buffer) => {
      out += String(c);
      const m = re.exec(out);
      if (m) {
        clearTimeout(timer);
        child.stdout!.off('data', on);
        child.stderr!.off('data', onErr);
        out = '';
        resolve(m);
      }
    };
    child.stdout!.on('data', on);
    child.stderr!.on('data', onErr);
    child.on('exit', (code) => reject(new Error(`${what} exited ${code}: ${out}`)));
  });
}

/** 10,000 alerts and 1,000 alert configurations in one project. */
function seed(dir: string): string {
  const config = (i: number) => ({
    id: (0xaa0 + i).toString(16).padStart(24, '0'), groupId: G, eventTypeName: 'OUTSIDE_METRIC_THRESHOLD', enabled: true,
    matchers: [{ fieldName: 'REPLICA_SET_NAME', operator: 'EQUALS', value: `rs${i % 10}` }],
    metricThreshold: { metricName: 'CONNECTIONS', mode: 'AVERAGE', operator: 'GREATER_THAN', threshold: 5000, units: 'RAW' },
    notifications: [{ typeName: 'GROUP', delayMin: 0, intervalMin: 60, emailEnabled: true, smsEnabled: false, roles: ['GROUP_OWNER'] }],
  });
  const configs = Array.from({ length: 1000 }, (_, i) => config(i));
  const alerts = Array.from({ length: 10_000 }, (_, i) => ({
    groupId: G, alertConfigId: configs[i % 1000].id, eventTypeName: 'OUTSIDE_METRIC_THRESHOLD', status: 'OPEN', created: '2026-06-01T12:00:00Z',
    updated: '2026-06-01T12:00:00Z', hostnameAndPort: `h${i}.example:27017`, replicaSetName: `rs${i % 10}`, metricName: 'CONNECTIONS', currentValue: { number: 5001 + i, units: 'RAW' }, typeName: 'HOST_METRIC',
  }));
  const file = path.join(dir, 'seed.json');
  writeFileSync(file, JSON.stringify({ orgs: [{ id: ORG, name: 'Org' }], groups: [{ id: G, name: 'Bench', orgId: ORG }], alertConfigs: configs, alerts }));
  return file;
}

async function startOmlint(dir: string, bin = OMLINT, name = 'omlint serve'): Promise<Target> {
  const prof = [...NODE_FLAGS, ...(CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF] : []), ...(TRACE_GC ? ['--trace-gc'] : [])];
  const child = spawn(process.execPath, [...prof, bin, 'serve', '--port', '0', '--seed', seed(dir), '--user', `${USER}:${SECRET}`], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr!.resume(); // the request log
  const m = await waitForLine(child, /\(port (\d+)\)/, 'omlint serve');
  const target: Target = { name, port: Number(m[1]), child, digest: true };
  if (TRACE_GC) {
    // `[pid:0x…]  1234 ms: Scavenge 120.1 (150.2) -> 119.0 (151.2) MB, 1.23 / 0.00 ms  …`: the kind and the pause.
    // `at`: when the line arrived here (performance.now()); V8 writes it before the server answers again.
    const gc: { kind: string; ms: number; at: number }[] = (target.gc = []);
    let rest = '';
    child.stdout!.on('data', (c: Buffer) => {
      const lines = (rest + String(c)).split('\n');
      rest = lines.pop()!;
      for (const l of lines) {
        const g = /ms: ([A-Za-z-]+(?: [A-Za-z-]+)*?) [\d.]+ \([\d.]+\) -> .*?MB, (?:pooled: [\d.]+ MB, )?([\d.]+) \//.exec(l);
        if (g) gc.push({ kind: g[1], ms: Number(g[2]), at: performance.now() });
      }
    });
  }
  return target;
}

/** The same JSON from a bare node:http server (GET: the stored body; PUT: the body read and parsed, the stored one answered). */
async function startBare(body: string): Promise<Target> {
  const script = `const http = require('node:http'); const body = ${JSON.stringify(body)};
const s = http.createServer((q, r) => { let b = ''; q.setEncoding('utf8'); q.on('data', (c) => (b += c)); q.on('end', () => { if (b) JSON.parse(b);
  r.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }); r.end(body); }); });
s.listen(0, '127.0.0.1', () => console.log('port ' + s.address().port));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  const m = await waitForLine(child, /port (\d+)/, 'bare node:http');
  return { name: 'bare node:http', port: Number(m[1]), child, digest: false };
}

function prismBin(): string {
  const file = path.join(TOOLS, 'node_modules', '@stoplight/prism-cli', 'package.json');
  const version = PRISM.slice(PRISM.lastIndexOf('@') + 1);
  if (!existsSync(file) || JSON.parse(readFileSync(file, 'utf8')).version !== version) {
    console.log(`installing ${PRISM} into ${TOOLS}…`);
    mkdirSync(TOOLS, { recursive: true });
    const r = spawnSync('npm', ['install', '--prefix', TOOLS, '--no-audit', '--no-fund', '--loglevel=error', PRISM], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`npm install ${PRISM} failed (--no-prism skips it)`);
  }
  const pkg = JSON.parse(readFileSync(file, 'utf8'));
  return path.join(path.dirname(file), typeof pkg.bin === 'string' ? pkg.bin : pkg.bin.prism);
}

async function startPrism(port: number): Promise<Target> {
  const child = spawn(process.execPath, [prismBin(), 'mock', '-h', '127.0.0.1', '-p', String(port), path.join(ROOT, 'bench/serve-openapi.yaml')], { stdio: ['ignore', 'pipe', 'pipe'] });
  await waitForLine(child, /Prism is listening/, 'Prism');
  return { name: `Prism ${PRISM.split('@')[2]}`, port, child, digest: false };
}

// ---------------------------------------------------------------------------------------------
// The client: CONNECTIONS keep-alive loops, each request timed

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

class Digest {
  private nonce = '';
  private nc = 0;
  async refresh(port: number, p: string): Promise<void> {
    // Kept-alive sockets the server closed while idle (its keep-alive timeout, between phases): each
    // fails once and is dropped by the agent, so the request is tried again past them.
    let r: Awaited<ReturnType<typeof call>> | undefined;
    for (let attempt = 0; r === undefined; attempt++) r = await call(port, 'GET', p, {}).catch((e) => { if (attempt > CONNECTIONS + 2) throw e; return undefined; });
    this.nonce = /nonce="([^"]+)"/.exec(String(r.headers['www-authenticate']))![1];
    this.nc = 0;
  }
  header(method: string, uri: string): string {
    const nc = (++this.nc).toString(16).padStart(8, '0');
    const cnonce = randomBytes(8).toString('hex');
    const realm = 'MMS Public API';
    const response = md5(`${md5(`${USER}:${realm}:${SECRET}`)}:${this.nonce}:${nc}:${cnonce}:auth:${md5(`${method}:${uri}`)}`);
    return `Digest username="${USER}", realm="${realm}", nonce="${this.nonce}", uri="${uri}", algorithm=MD5, qop=auth, nc=${nc}, cnonce="${cnonce}", response="${response}"`;
  }
}

const agent = new Agent({ keepAlive: true, maxSockets: 256 });

function call(port: number, method: string, p: string, headers: Record<string, string>, body?: string): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path: p, headers, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The server process's CPU time (user + system, /proc) per answered request, in µs: what a loaded machine disturbs least. */
  cpu: number;
}

/** A process's CPU time so far, in µs (utime + stime of /proc/<pid>/stat, in clock ticks of 10 ms). */
function cpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

async function load(t: Target, method: 'GET' | 'PUT', p: string, body: string | undefined, connections: number, seconds: number): Promise<Figures> {
  const digest = new Digest();
  if (t.digest) await digest.refresh(t.port, p);
  const latencies: number[] = [];
  /** With --trace-gc: each timed request's start and end (performance.now()), to find the GC pauses inside the slowest. */
  const spans: [number, number][] = [];
  let errors = 0;
  const cpuBefore = cpuMicros(t.child.pid!);
  const gcBefore = t.gc?.length ?? 0;
  const end = Date.now() + seconds * 1000;
  const loop = async () => {
    while (Date.now() < end) {
      const headers: Record<string, string> = body ? { 'Content-Type': 'application/json' } : {};
      if (t.digest) headers.Authorization = digest.header(method, p);
      const started = process.hrtime.bigint();
      let r: Awaited<ReturnType<typeof call>>;
      try {
        r = await call(t.port, method, p, headers, body);
      } catch {
        errors++; // a kept-alive socket the server had closed (its keep-alive timeout): counted, not timed
        continue;
      }
      if (r.status === 401 && t.digest) {
        await digest.refresh(t.port, p); // a nonce retired after its uses: not counted
        continue;
      }
      latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
      if (t.gc) spans.push([performance.now() - latencies[latencies.length - 1], performance.now()]);
      if (r.status !== 200) errors++;
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  const cpu = (cpuMicros(t.child.pid!) - cpuBefore) / Math.max(1, latencies.length);
  if (t.gc) {
    await new Promise((r) => setTimeout(r, 50)); // the last trace lines of the phase
    const pauses = t.gc.slice(gcBefore);
    const kinds = new Map<string, number[]>();
    for (const g of pauses) kinds.set(g.kind, [...(kinds.get(g.kind) ?? []), g.ms]);
    const parts = [...kinds].map(([k, ms]) => `${k} ${ms.length}× total ${ms.reduce((a, b) => a + b, 0).toFixed(1)} ms, longest ${Math.max(...ms).toFixed(1)} ms`);
    // The slowest 1 % of the requests: how many had a pause inside them, and the p99 of the requests without one.
    const slow = Math.max(1, Math.floor(latencies.length / 100));
    const order = latencies.map((l, i) => [l, i] as const).sort((a, b) => b[0] - a[0]);
    const withPause = (i: number) => pauses.some((g) => g.at >= spans[i][0] && g.at <= spans[i][1] + 1);
    const slowWithPause = order.slice(0, slow).filter(([, i]) => withPause(i)).length;
    const clean = order.filter(([, i]) => !withPause(i)).map(([l]) => l).reverse();
    const cleanP99 = clean[Math.min(clean.length - 1, Math.floor(0.99 * clean.length))] ?? NaN;
    if (seconds >= 1) console.log(`  ${t.name} GC in this phase (${latencies.length} requests): ${parts.join('; ') || 'none'}; slowest 1 % (${slow}): ${slowWithPause} with a pause inside; p99 of the requests without one ${cleanP99.toFixed(2)} ms`);
  }
  latencies.sort((a, b) => a - b);
  const q = (x: number) => latencies[Math.min(latencies.length - 1, Math.floor(x * latencies.length))] ?? NaN;
  return { rps: latencies.length / seconds, p50: q(0.5), p99: q(0.99), errors, cpu };
}

const memory = (pid: number) => {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+) kB`).exec(s)![1]);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
};

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  if (!argv.includes('--no-build')) {
    console.log('building omlint (npm run build)…');
    if (spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] }).status !== 0) throw new Error('npm run build failed');
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-bench-serve-'));
  const loadBefore = os.loadavg();
  const omlint = await startOmlint(dir);
  const p = `/api/public/v1.0/groups/${G}/alertConfigs/${(0xaa0 + 7).toString(16).padStart(24, '0')}`;
  const digest = new Digest();
  await digest.refresh(omlint.port, p);
  const stored = (await call(omlint.port, 'GET', p, { Authorization: digest.header('GET', p) })).text;
  const { id: _id, links: _links, created: _c, updated: _u, ...writable } = JSON.parse(stored);
  const putBody = JSON.stringify(writable, null, 2);
  const loaded = memory(omlint.child.pid!);
  const targets = [await startBare(stored), ...(BEFORE ? [await startOmlint(dir, BEFORE, 'omlint serve, before')] : []), omlint];
  if (USE_PRISM) targets.push(await startPrism(await freePort()));
  const allPhases = [
    { name: `GET, ${CONNECTIONS} connections`, method: 'GET' as const, body: undefined, connections: CONNECTIONS },
    { name: `PUT, ${CONNECTIONS} connections`, method: 'PUT' as const, body: putBody, connections: CONNECTIONS },
    { name: 'GET, 1 connection', method: 'GET' as const, body: undefined, connections: 1 },
    { name: 'PUT, 1 connection', method: 'PUT' as const, body: putBody, connections: 1 },
  ];
  const phases = allPhases.filter((ph) => ph.name.includes(PHASE));
  const results = new Map<string, Figures[]>();
  for (const t of targets) await load(t, 'GET', p, undefined, 2, 0.5); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const phase of phases) {
      for (const t of targets) {
        const f = await load(t, phase.method, p, phase.body, phase.connections, SECONDS);
        const key = `${phase.name}|${t.name}`;
        results.set(key, [...(results.get(key) ?? []), f]);
        console.log(`round ${round + 1} ${phase.name.padEnd(22)} ${t.name.padEnd(16)} ${f.rps.toFixed(0).padStart(6)} req/s  p50 ${f.p50.toFixed(2)} ms  p99 ${f.p99.toFixed(2)} ms  CPU ${f.cpu.toFixed(0)} µs/req${f.errors ? `  ${f.errors} non-200` : ''}`);
      }
    }
  }
  const after = memory(omlint.child.pid!);
  const loadAfter = os.loadavg();
  // A profile is written when the process exits: its SIGTERM handler stops it cleanly.
  await Promise.all(targets.map((t) => new Promise((done) => (t.child.exitCode !== null ? done(undefined) : (t.child.once('exit', done), t.child.kill())))));
  agent.destroy();

  // Median over rounds of each figure.
  const med = (xs: number[]) => {
    const o = [...xs].sort((a, b) => a - b);
    const h = Math.floor(o.length / 2);
    return o.length % 2 ? o[h] : (o[h - 1] + o[h]) / 2;
  };
  const fig = (phase: string, t: string) => {
    const fs = results.get(`${phase}|${t}`)!;
    return { rps: med(fs.map((f) => f.rps)), p50: med(fs.map((f) => f.p50)), p99: med(fs.map((f) => f.p99)), errors: fs.reduce((a, f) => a + f.errors, 0), cpu: med(fs.map((f) => f.cpu)) };
  };
  console.log(`\n| phase | server | req/s | p50 ms | p99 ms | errors, non-200 | server CPU µs/req |\n|---|---|---:|---:|---:|---:|---:|`);
  for (const phase of phases) for (const t of targets) {
    const f = fig(phase.name, t.name);
    console.log(`| ${phase.name} | ${t.name} | ${f.rps.toFixed(0)} | ${f.p50.toFixed(2)} | ${f.p99.toFixed(2)} | ${f.errors} | ${f.cpu.toFixed(0)} |`);
  }
  const [get16, , get1, put1] = allPhases.map((ph) => (phases.includes(ph) ? ph.name : undefined));
  for (const name of BEFORE ? ['omlint serve, before', 'omlint serve'] : ['omlint serve']) {
    if (get16) {
      const ratio = fig(get16, name).rps / fig(get16, 'bare node:http').rps;
      const perRound = results.get(`${get16}|${name}`)!.map((f, i) => `${((f.rps / results.get(`${get16}|bare node:http`)![i].rps) * 100).toFixed(0)} %`);
      console.log(`\n${name}: GET throughput ÷ bare: ${(ratio * 100).toFixed(0)} % of the medians; by round ${perRound.join(', ')} (goal ≥ 50 %)`);
      console.log(`${name}: GET server CPU per request, bare ÷ omlint: ${((fig(get16, 'bare node:http').cpu / fig(get16, name).cpu) * 100).toFixed(0)} % (the throughput ratio a CPU-bound server would reach)`);
    }
    if (get1 && put1) console.log(`${name}: validation on p99, one connection (PUT p99 − GET p99): ${(fig(put1, name).p99 - fig(get1, name).p99).toFixed(2)} ms (goal ≤ 2 ms)`);
  }
  console.log(`omlint serve memory with 10,000 alerts and 1,000 alert configurations: ${loaded.rss.toFixed(0)} MB RSS loaded, ${after.peak.toFixed(0)} MB peak after the run`);
  console.log(`load average (1, 5, 15 min): before ${loadBefore.map((x) => x.toFixed(2)).join(', ')}; after ${loadAfter.map((x) => x.toFixed(2)).join(', ')}; ${os.cpus().length} CPUs`);
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createNetServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

main().catch((e) => {
  console.error(`bench: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(2);
});
