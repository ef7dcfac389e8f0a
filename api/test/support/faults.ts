// A book-and-pay storm that keeps going while something breaks underneath (a killed API process,
// terminated PostgreSQL backends, a PostgreSQL restart), the way buyers behave: each client books
// some seats, then pays its hold with one Idempotency-Key, and on a retryable error (503 with
// Retry-After, or a connection that broke) tries again, the same call with the same key.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { prng } from './storm';

/** One HTTP exchange of a client, as judged. */
export type Exchange =
  /** A final answer: 200, or a refusal that says why (402, 404, 409, 410). */
  | { kind: 'answer'; status: number; body: Record<string, unknown> }
  /** 503 with Retry-After, or the connection broke (its process died): try again. */
  | { kind: 'retryable'; status: number; why: string }
  /** Anything else (a 500, a 503 without Retry-After, an unexpected status): must not happen. */
  | { kind: 'bad'; status: number; why: string };

export interface ClientOutcome {
  seats: number[];
  method: string;
  /** The final answer to the booking, if one came. */
  booked?: { status: number; orderId?: number; alreadyBooked?: number[] };
  key?: string;
  /** Every final answer the pay calls with `key` got (all must be the same bytes). */
  payAnswers: string[];
  payStatus?: number;
  /** Milliseconds from the first pay call to its final answer. */
  payMs?: number;
  retries: number;
  bad: Exchange[];
}

const FINAL = new Set([200, 402, 404, 409, 410]);

/** Sends one call; never throws. */
export async function exchange(url: string, init: RequestInit): Promise<Exchange> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return { kind: 'retryable', status: 0, why: cause?.code ?? cause?.message ?? (err as Error).message };
  }
  const text = await res.text().catch(() => '');
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON: judged below
  }
  if (FINAL.has(res.status) && typeof body === 'object') return { kind: 'answer', status: res.status, body: { ...body, raw: text } };
  if (res.status === 503 && res.headers.get('Retry-After')) return { kind: 'retryable', status: 503, why: String(body.error) };
  return { kind: 'bad', status: res.status, why: text.slice(0, 300) };
}

export interface StormOptions {
  /** Base URLs of the API processes; a client moves to the next one after a broken connection. */
  urls: () => string[];
  cookies: string[];
  eventId: number;
  sectionId: number;
  /** Seats 1..range are asked for, 1..maxSeats per client. */
  range: number;
  maxSeats: number;
  clients: number;
  seed: number;
  /** A client gives up (and the run counts as unsettled) after this many retries of one call. */
  maxRetries?: number;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `clients` buyers at once; each books, then pays what it got. */
export async function bookAndPayStorm(o: StormOptions): Promise<ClientOutcome[]> {
  const random = prng(o.seed);
  const plans = Array.from({ length: o.clients }, (_, i) => {
    const want = 1 + Math.floor(random() * o.maxSeats);
    const seats = new Set<number>();
    while (seats.size < want) seats.add(1 + Math.floor(random() * o.range));
    return { i, seats: [...seats], method: random() < 0.5 ? 'gcash' : 'visa' };
  });
  const maxRetries = o.maxRetries ?? 60;

  return Promise.all(
    plans.map(async ({ i, seats, method }) => {
      const out: ClientOutcome = { seats, method, payAnswers: [], retries: 0, bad: [] };
      const cookie = o.cookies[i % o.cookies.length] as string;
      let target = i;
      /** The same call until a final answer (or too many retries). */
      const call = async (path: string, body: unknown, headers: Record<string, string> = {}): Promise<Extract<Exchange, { kind: 'answer' }> | null> => {
        for (let attempt = 0; attempt <= maxRetries; attempt += 1) {
          const urls = o.urls();
          const url = urls[target % urls.length] as string;
          const e = await exchange(`${url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie, ...headers }, body: JSON.stringify(body) });
          if (e.kind === 'answer') return e;
          if (e.kind === 'bad') {
            out.bad.push(e);
            return null;
          }
          out.retries += 1;
          if (e.status === 0) target += 1;
          await sleep(20 + Math.floor(random() * 80));
        }
        return null;
      };
      const booked = await call('/backend/api/book-seats.php', { event_id: o.eventId, section_id: o.sectionId, seat_numbers: seats, user_id: 1 });
      if (!booked) return out;
      const order = booked.body.order as { orderId?: number } | undefined;
      out.booked = { status: booked.status, ...(order?.orderId ? { orderId: order.orderId } : {}), alreadyBooked: (booked.body.alreadyBooked as number[] | undefined) ?? [] };
      if (booked.status !== 200 || !order?.orderId) return out;

      out.key = `fault-${o.seed}-${i}-${Math.floor(random() * 1e9)}`;
      const started = performance.now();
      const paid = await call(`/api/orders/${order.orderId}/pay`, { paymentMethod: method, paymentType: 'full' }, { 'Idempotency-Key': out.key });
      if (paid) {
        out.payAnswers.push(paid.body.raw as string);
        out.payStatus = paid.status;
        out.payMs = performance.now() - started;
      }
      return out;
    }),
  );
}

/**
 * After the fault: the same pay calls again with their keys (a buyer reloading the page). Every
 * key must give the same bytes as before, and every order that got a pay answer 200 is paid.
 */
export async function repeatPayments(urls: string[], cookies: string[], outcomes: ClientOutcome[]): Promise<void> {
  await Promise.all(
    outcomes.map(async (out, i) => {
      if (!out.key || !out.booked?.orderId) return;
      const cookie = cookies[i % cookies.length] as string;
      for (let attempt = 0; attempt < 60; attempt += 1) {
        const e = await exchange(`${urls[attempt % urls.length]}/api/orders/${out.booked.orderId}/pay`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Cookie: cookie, 'Idempotency-Key': out.key },
          body: JSON.stringify({ paymentMethod: out.method, paymentType: 'full' }),
        });
        if (e.kind === 'answer') {
          out.payAnswers.push(e.body.raw as string);
          out.payStatus ??= e.status;
          return;
        }
        if (e.kind === 'bad') out.bad.push(e);
        await sleep(100);
      }
    }),
  );
}

export interface StormJudgement {
  clients: number;
  booked: number;
  paid: number;
  /** Calls that never got a final answer. */
  unsettled: number;
  bad: Exchange[];
  /** Keys whose pay calls got different answers. */
  divergent: number;
  retries: number;
}

export function judgeStorm(outcomes: ClientOutcome[]): StormJudgement {
  return {
    clients: outcomes.length,
    booked: outcomes.filter((o) => o.booked?.status === 200).length,
    paid: outcomes.filter((o) => o.payStatus === 200).length,
    unsettled: outcomes.filter((o) => !o.booked || (o.booked.status === 200 && o.payAnswers.length === 0)).length,
    bad: outcomes.flatMap((o) => o.bad),
    divergent: outcomes.filter((o) => new Set(o.payAnswers).size > 1).length,
    retries: outcomes.reduce((n, o) => n + o.retries, 0),
  };
}

export interface OwnPostgres {
  url(dbName: string): string;
  port: number;
  /** Fast shutdown (SIGINT to the postmaster), like a restart's first half. */
  stop(): Promise<void>;
}

/**
 * A PostgreSQL of the test's own (it gets restarted), run by a small node process around
 * scripts/lib/postgres.mjs (an ES module, which jest's module system cannot import). Port 0 picks
 * one; a restart passes the same port and dataDir.
 */
export async function startOwnPostgres(repoRoot: string, dataDir: string, port = 0): Promise<OwnPostgres> {
  const script = `
    const { startPostgres } = await import(${JSON.stringify(pathToFileURL(path.join(repoRoot, 'scripts/lib/postgres.mjs')).href)});
    const pg = await startPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${port} });
    await pg.createDatabase('faults');
    process.stdout.write(JSON.stringify({ port: pg.port }) + '\\n');
    process.once('SIGTERM', () => pg.stop().then(() => process.exit(0), () => process.exit(1)));
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const started = await new Promise<{ port: number }>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const line = output.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line) as { port: number });
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.once('exit', (code) => reject(new Error(`PostgreSQL did not start (exit ${code}): ${output.slice(-2000)}`)));
  });
  return {
    port: started.port,
    url: (dbName) => `postgres://postgres:postgres@127.0.0.1:${started.port}/${dbName}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
