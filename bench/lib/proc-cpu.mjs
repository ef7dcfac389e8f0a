// CPU time of processes, from /proc (Linux): what the API and PostgreSQL spend per request,
// a figure that holds when other work shares the machine and latencies do not.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 1000 / Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100);

/** CPU time (user + system, ms) used so far by `pids` (and all their descendants with `tree`), from /proc. */
export function cpuMs(pids, tree) {
  const stats = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
      // utime + stime, plus cutime + cstime: the CPU of children already reaped (PostgreSQL backends of closed connections).
      stats.set(Number(entry), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) });
    } catch {
      // gone meanwhile
    }
  }
  const wanted = new Set(pids);
  for (let grew = tree; grew; ) {
    grew = false;
    for (const [pid, s] of stats) {
      if (!wanted.has(pid) && wanted.has(s.ppid)) {
        wanted.add(pid);
        grew = true;
      }
    }
  }
  let ticks = 0;
  for (const pid of wanted) ticks += stats.get(pid)?.ticks ?? 0;
  return ticks * TICK_MS;
}

/** The postmaster of the cluster in dataDir (its backends are its children). */
export function postmasterPid(dataDir) {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (/postgres$/.test(cmd[0]) && cmd.includes(dataDir)) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return null;
}


/**
 * The whole machine's CPU ticks so far (every process, ours or not), from /proc/stat: busy and
 * total. Between two readings, busy / total says how loaded the machine was meanwhile.
 */
export function machineTicks() {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is counted in user already)
  const total = f.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - f[3] - f[4], total };
}
