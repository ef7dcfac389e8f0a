import cluster from 'node:cluster';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Express } from 'express';
import { runPrimary } from './api-processes';
import { createApp } from './app';
import { createBookingDeps, createLiveSeats, startHoldSweeper } from './booking';
import type { LiveSeats } from './booking';
import { systemClock } from './clock';
import type { Clock } from './clock';
import { createBackgroundTasks } from './background';
import { startRefundSweeper } from './refunds/refund-sweep';
import { createMailer } from './mail/mailer';
import type { Mailer } from './mail/mailer';
import { ConfigError, loadConfig } from './config';
import type { Config } from './config';
import { createDb, migrate } from './db';
import type { Db } from './db';
import { createLogger } from './logger';
import type { Logger } from './logger';

export interface StartOptions {
  config: Config;
  /** Use this database instead of opening one from config.databaseUrl (then stop leaves it open). */
  db?: Db;
  logger?: Logger;
  /** Apply pending migrations before listening. */
  migrate?: boolean;
  /** Instead of the configured mailer (tests). */
  mailer?: Mailer;
  /** "Now" of holds and ticket sales (tests move it); default the system clock. */
  clock?: Clock;
}

export interface RunningServer {
  /** Base URL, e.g. http://127.0.0.1:8000 */
  url: string;
  port: number;
  db: Db;
  logger: Logger;
  server: http.Server;
  stop(): Promise<void>;
}

/**
 * The HTTP server of an Express app whose requests and responses are born with Express's
 * prototypes (app.request, app.response), so Express's own Object.setPrototypeOf in app.handle
 * changes nothing and every request keeps one hidden class (why: booking/hold-seats.ts).
 */
export function createHttpServer(app: Express): http.Server {
  // Node's IncomingMessage and ServerResponse are plain constructor functions: these are the same
  // construction, with Express's objects (which inherit from Node's prototypes) as prototypes.
  function ExpressRequest(this: http.IncomingMessage, socket: Socket): void {
    Reflect.apply(http.IncomingMessage, this, [socket]);
  }
  ExpressRequest.prototype = app.request;
  function ExpressResponse(this: http.ServerResponse, req: http.IncomingMessage, options?: unknown): void {
    Reflect.apply(http.ServerResponse, this, [req, options]);
  }
  ExpressResponse.prototype = app.response;
  return http.createServer(
    {
      IncomingMessage: ExpressRequest as unknown as typeof http.IncomingMessage,
      ServerResponse: ExpressResponse as unknown as typeof http.ServerResponse,
    },
    app,
  );
}

/** Opens the database, optionally migrates, and listens on config.host:config.port (0 = any free port). */
export async function start(options: StartOptions): Promise<RunningServer> {
  const { config } = options;
  const logger = options.logger ?? createLogger(config.logLevel);
  const ownDb = options.db === undefined;
  const db =
    options.db ??
    createDb(config.databaseUrl, {
      logger,
      max: config.databasePoolMax,
      connectionTimeoutMillis: config.databaseTimeouts.acquireMs,
      statementTimeoutMillis: config.databaseTimeouts.statementMs,
      lockTimeoutMillis: config.databaseTimeouts.lockMs,
    });
  let live: LiveSeats | undefined;
  try {
    if (options.migrate) await migrate(db, { logger });
    const tasks = createBackgroundTasks(logger);
    const mailer = options.mailer ?? createMailer(config.mail, { db, logger });
    // Kept seat answers, dropped as the database NOTIFYs their changes (booking/live-seats.ts).
    live = createLiveSeats({ db, databaseUrl: config.databaseUrl, logger });
    const server = createHttpServer(createApp(config, { db, logger, tasks, mailer, clock: options.clock ?? systemClock, live }));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    // Expires due holds, settles stuck payments and sends owed ticket mails every HOLD_SWEEP_SECONDS (safe with many processes).
    const bookingDeps = createBookingDeps(config, { db, logger, clock: options.clock ?? systemClock, mail: { mailer, tasks, siteOrigin: config.publicOrigin } });
    const sweeper = startHoldSweeper(bookingDeps, config.booking.holdSweepSeconds);
    // Refunds and mail a dead process left: the mail queue's kick is this sweep itself.
    const refundSweeper = startRefundSweeper(
      { db, clock: bookingDeps.clock, payments: bookingDeps.payments, mailer, logger, mailQueue: { kick: () => undefined } },
      config.booking.holdSweepSeconds,
    );
    const { port } = server.address() as AddressInfo;
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    let stopping: Promise<void> | undefined;
    const running: RunningServer = {
      url: `http://${host}:${port}`,
      port,
      db,
      logger,
      server,
      stop() {
        stopping ??= (async () => {
          await new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeIdleConnections();
            // Requests still running after 5 s are cut off.
            setTimeout(() => server.closeAllConnections(), 5_000).unref();
          });
          await sweeper.stop();
          await refundSweeper.stop();
          await live?.close();
          // Mail and other work requests started still need the database. Ticket mails still waiting
          // for the end of a peak stay owed: the sweep of a running process sends them.
          await tasks.close();
          mailer.close();
          if (ownDb) await db.close();
        })();
        return stopping;
      },
    };
    return running;
  } catch (err) {
    await live?.close();
    if (ownDb) await db.close();
    throw err;
  }
}

export function stop(running: RunningServer): Promise<void> {
  return running.stop();
}

async function main(): Promise<void> {
  let loaded;
  try {
    loaded = loadConfig();
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  }
  const { config, warnings } = loaded;
  const logger = createLogger(config.logLevel);
  for (const warning of warnings) logger.warn(warning);

  const inCluster = !cluster.isPrimary;
  if (!inCluster && config.apiProcesses > 1) {
    await runPrimary(config, logger).catch((err: unknown) => {
      logger.fatal({ err }, 'API failed to start');
      process.exit(1);
    });
    return;
  }

  let running: RunningServer;
  try {
    // In a cluster the primary has migrated.
    running = await start({ config, logger, migrate: !inCluster });
  } catch (err) {
    logger.fatal({ err }, 'API failed to start');
    process.exit(1);
  }
  logger.info(inCluster ? `API process ${process.pid} serving` : `API listening on ${running.url}`);

  let shuttingDown = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info(`${signal} received: stopping`);
    setTimeout(() => process.exit(1), 10_000).unref();
    running.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

if (require.main === module) void main();
