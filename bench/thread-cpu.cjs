// CPU time per thread of a Node process, printed to stderr at its exit (issue 22, eighth session):
//   node -r ./bench/thread-cpu.cjs dist/omlint.js check --no-color --jobs 1 <dir>
// prints "THREADS main=<ms> v8-helpers=<ms> (<tid>=<ms> ...)". The main thread is the first task;
// the others are V8's platform workers (TurboFan's concurrent compiles, the parallel scavenger,
// concurrent marking) and libuv's. process.cpuUsage() counts them all together; a run of
// 10,000 small files spent ~0.55 s of its ~1.45 s on them, nearly all TurboFan (--no-opt: 0.03 s).
'use strict';
const fs = require('node:fs');

process.on('exit', () => {
  const ticks = 100; // USER_HZ, as /proc reports utime and stime
  const rows = [];
  for (const tid of fs.readdirSync('/proc/self/task')) {
    try {
      const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      rows.push([Number(tid), ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks]);
    } catch {
      // a thread that ended meanwhile
    }
  }
  rows.sort((a, b) => a[0] - b[0]);
  const [main, ...others] = rows;
  const helpers = others.reduce((n, r) => n + r[1], 0);
  process.stderr.write(`THREADS main=${main?.[1] ?? 0} v8-helpers=${helpers} (${others.map((r) => `${r[0]}=${r[1]}`).join(' ')})\n`);
});
