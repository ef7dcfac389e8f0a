// API_PROCESSES: node api/dist/server.js as several processes on one port (what `npm start` runs,
// one per core): they all serve, a process that dies is started again, and SIGTERM stops them all.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { poolPerProcess } from '../src/api-processes';
import { closedPort, testDatabaseUrl } from './support/helpers';
import { startApiProcess, stopApiProcess } from './support/api-process';

/** The pids of the processes whose parent is `pid` (from /proc). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after its ")".
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid ? [Number(name)] : [];
      } catch {
        return [];
      }
    });
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(what: string, read: () => T | Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (const deadline = Date.now() + 20_000; ; await sleep(100)) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
  }
}

describe('API_PROCESSES', () => {
  it('sizes each pool so that all processes fit max_connections, keeping some for others', () => {
    expect(poolPerProcess(10, 2, 100)).toBe(10);
    expect(poolPerProcess(10, 16, 100)).toBe(3);
    expect(poolPerProcess(10, 4, 30)).toBe(3);
    expect(poolPerProcess(10, 200, 100)).toBe(1);
  });

  it('runs two processes on one port, starts one again when it dies, and stops them all on SIGTERM', async () => {
    const env = { PATH: process.env.PATH, NODE_ENV: 'test', DATABASE_URL: testDatabaseUrl(), LOG_LEVEL: 'silent', API_PROCESSES: '2', DATABASE_POOL_MAX: '3' };
    const api = await startApiProcess(env, await closedPort());
    const primary = api.child.pid ?? 0;
    try {
      const workers = await waitFor('API processes', () => childrenOf(primary), (pids) => pids.length === 2);
      const answers = await Promise.all(Array.from({ length: 40 }, () => fetch(`${api.url}/api/events`).then((r) => r.status)));
      expect(answers.filter((s) => s !== 200)).toEqual([]);

      // A process that dies once it has served for a while is replaced; the port keeps answering.
      await sleep(5_500);
      process.kill(workers[0] ?? 0, 'SIGKILL');
      const after = await waitFor('a new API process', () => childrenOf(primary), (pids) => pids.length === 2 && !pids.includes(workers[0] ?? 0));
      expect(after).toContain(workers[1]);
      const health = await waitFor('the port', () => fetch(`${api.url}/api/health`).then((r) => r.status, () => 0), (s) => s === 200);
      expect(health).toBe(200);

      api.child.kill('SIGTERM');
      await api.exited;
      expect(api.child.exitCode).toBe(0);
      await waitFor('the API processes to stop', () => after.filter((pid) => existsSync(`/proc/${pid}`)), (left) => left.length === 0);
    } finally {
      await stopApiProcess(api);
    }
  }, 60_000);
});
