// LISTEN on a connection of its own (a pool connection cannot keep a LISTEN), reconnecting after
// a loss. The owner hears when it starts and stops hearing: notifications sent while it was not
// listening are lost, so whatever it derived from them must be dropped or re-read then.
import { Client } from 'pg';
import type { Logger } from '../logger';

export interface ListenHandlers {
  /** A notification's payload, in commit order. */
  notify(payload: string): void;
  /** LISTEN is in place on a new connection; `schema` is that connection's current_schema(). */
  listening(schema: string): void;
  /** The connection is gone (or the listener stopped): nothing is heard until `listening` again. */
  lost(): void;
}

export interface Listener {
  /** Closes the connection and stops reconnecting. */
  close(): Promise<void>;
}

export interface ListenOptions {
  logger?: Logger;
  /** Wait before reconnecting, doubled after each failure up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

export function listen(connectionString: string, channel: string, handlers: ListenHandlers, options: ListenOptions = {}): Listener {
  if (!IDENTIFIER.test(channel)) throw new Error(`Bad channel name: ${channel}`);
  const retryMs = options.retryMs ?? 250;
  const maxRetryMs = options.maxRetryMs ?? 5_000;
  let closed = false;
  let client: Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  let wait = retryMs;
  let up = false;

  const down = (): void => {
    if (!up) return;
    up = false;
    handlers.lost();
  };

  const schedule = (): void => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, wait);
    wait = Math.min(wait * 2, maxRetryMs);
  };

  const connect = async (): Promise<void> => {
    if (closed) return;
    const c = new Client({ connectionString, application_name: 'sports-api-listen', keepAlive: true });
    client = c;
    const fail = (err: unknown): void => {
      if (client !== c) return;
      client = null;
      down();
      if (!closed) options.logger?.warn({ err }, `LISTEN ${channel}: connection lost, reconnecting`);
      c.end().catch(() => undefined);
      schedule();
    };
    c.on('error', fail);
    c.on('end', () => fail(new Error('connection ended')));
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined && client === c) handlers.notify(n.payload);
    });
    try {
      await c.connect();
      const { rows } = await c.query<{ schema: string }>('SELECT current_schema() AS schema');
      await c.query(`LISTEN ${channel}`);
      if (client !== c || closed) return;
      wait = retryMs;
      up = true;
      handlers.listening(rows[0]?.schema ?? 'public');
    } catch (err) {
      fail(err);
    }
  };

  void connect();

  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = null;
      down();
      await c?.end().catch(() => undefined);
    },
  };
}
