// Several API processes on one port (Node's cluster), so that every core serves requests. The
// processes share nothing in memory that must agree: sessions, rate limits, holds and the mail
// queue live in PostgreSQL. The primary serves no request: it migrates once, checks that the
// processes' pools fit PostgreSQL, forks, starts again a process that dies, and stops them all on
// SIGINT or SIGTERM.
import cluster from 'node:cluster';
import type { Worker } from 'node:cluster';
import type { Config } from './config';
import { createDb, migrate } from './db';
import type { Logger } from './logger';

/** Connections PostgreSQL keeps for others: superusers, psql, the primary's migration. */
const RESERVED_CONNECTIONS = 10;
/** What each process opens beside its pool: the health check's connection and the seat-change listener's. */
const OWN_CONNECTIONS = 2;
/** A process that dies this soon after it started is not started again (it would only die again). */
const MIN_UPTIME_MS = 5_000;

/** Each process's pool size: the configured one, or less when the processes' connections would not fit `maxConnections`. */
export function poolPerProcess(configured: number, processes: number, maxConnections: number): number {
  return Math.max(1, Math.min(configured, Math.floor((maxConnections - RESERVED_CONNECTIONS) / processes) - OWN_CONNECTIONS));
}

export async function runPrimary(config: Config, logger: Logger): Promise<void> {
  const count = config.apiProcesses;
  const db = createDb(config.databaseUrl, { logger, max: 1 });
  let poolMax: number;
  try {
    await migrate(db, { logger });
    const { rows } = await db.query<{ max: number }>(`SELECT current_setting('max_connections')::int AS max`);
    poolMax = poolPerProcess(config.databasePoolMax, count, rows[0]?.max ?? 100);
  } finally {
    await db.close();
  }
  if (poolMax < config.databasePoolMax) logger.warn(`DATABASE_POOL_MAX lowered to ${poolMax} per process: ${count} processes must fit PostgreSQL's max_connections`);

  let stopping = false;
  const startedAt = new Map<Worker, number>();
  const fork = (): void => {
    const worker = cluster.fork({ API_WORKER: '1', DATABASE_POOL_MAX: String(poolMax) });
    startedAt.set(worker, Date.now());
  };
  cluster.on('exit', (worker, code, signal) => {
    const uptime = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) process.exit(0);
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, 'API process exited');
    if (uptime < MIN_UPTIME_MS) {
      logger.fatal('an API process died as it started: stopping');
      stopping = true;
      for (const other of startedAt.keys()) other.kill('SIGTERM');
      if (startedAt.size === 0) process.exit(1);
      return;
    }
    fork();
  });
  for (let i = 0; i < count; i += 1) fork();
  logger.info(`API listening on http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port} with ${count} processes`);

  const shutdown = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received: stopping ${startedAt.size} API processes`);
    setTimeout(() => process.exit(1), 15_000).unref();
    for (const worker of startedAt.keys()) worker.kill(signal);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
