// The API as production runs it: node api/dist/server.js (and seed.js), for tests that kill a
// process or run the command line. Built once per test worker with the same tsc -b as npm test.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '../../..');
export const API_DIST = path.join(REPO_ROOT, 'api', 'dist');

let built = false;

/** tsc -b of the API and what it imports (incremental: quick when dist is current). */
export function ensureApiBuilt(): void {
  if (built) return;
  const tsc = path.join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = spawnSync(process.execPath, [tsc, '-b', 'packages/contracts', 'packages/seating', 'api'], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the API build failed:\n${result.stdout}${result.stderr}`);
  built = true;
}

/** Runs a script of api/dist to its end; its exit code and output. */
export function runDist(script: string, env: NodeJS.ProcessEnv): { status: number | null; output: string } {
  ensureApiBuilt();
  const result = spawnSync(process.execPath, [path.join(API_DIST, script)], { cwd: REPO_ROOT, env, encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

export interface ApiProcess {
  child: ChildProcess;
  url: string;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
}

/** Starts node api/dist/server.js on `port` and waits until /api/health answers 200. */
export async function startApiProcess(env: NodeJS.ProcessEnv, port: number): Promise<ApiProcess> {
  ensureApiBuilt();
  const child = spawn(process.execPath, [path.join(API_DIST, 'server.js')], { cwd: REPO_ROOT, env: { ...env, API_PORT: String(port), API_HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4_000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; ; ) {
    if (child.exitCode !== null) throw new Error(`the API process exited with ${child.exitCode}: ${stderr}`);
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (up) return { child, url, exited };
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the API process did not answer within 60 s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Stops an API process (SIGTERM, then SIGKILL after 5 s) and waits for it. */
export async function stopApiProcess(api: ApiProcess): Promise<void> {
  if (api.child.exitCode !== null || api.child.signalCode !== null) return;
  api.child.kill('SIGTERM');
  const timer = setTimeout(() => api.child.kill('SIGKILL'), 5_000);
  await api.exited;
  clearTimeout(timer);
}
