// Types of onsale-buyers.cjs, for the TypeScript test that runs it.
export type Step = 'event' | 'reviews' | 'join' | 'poll' | 'sections' | 'availability' | 'myOrders' | 'grid' | 'hold' | 'pay' | 'order' | 'leave';
export declare const STEPS: readonly Step[];

export interface BuyersOptions {
  bases: string[];
  eventId: number;
  cookies: string[];
  arrivalMs?: number;
  chooseMs?: [number, number];
  rethinkMs?: [number, number];
  refreshMs?: number;
  seats?: number;
  seed?: number;
  timeoutMs?: number;
  maxVisits?: number;
  log?: (line: string) => void;
}

export interface BuyerError {
  buyer: number;
  step: string;
  status: number;
  message: string;
}

/** The event's waiting room as the buyers saw it. */
export interface LineFigures {
  /** Buyers told to wait at least once. */
  waited: number;
  /** Buyers admitted (a pass), and when the last one was (epoch ms; 0 for none). */
  admitted: number;
  lastAdmittedAt: number;
  /** Answers saying the event has no line. */
  open: number;
  /** Buyers in line now. */
  waitingNow: number;
  /** Line calls (the join and every poll), and when the first and last were sent (epoch ms). */
  polls: number;
  firstPollAt: number;
  lastPollAt: number;
  /** Per admitted buyer: ms from its first line call to the answer that admitted it. */
  timesInLine: number[];
  /** Buyers who waited more than 30 s without their position ever going below the first one (must be none). */
  stuck: number;
  /** Buyers whose position went up from one answer to the next. */
  rose: number;
  /** Buyers who found no line, were refused their hold without a pass (403), and joined the line then. */
  sentBack: number;
  /** Admitted buyers who left the line (sold out, or they failed). */
  left: number;
  /** Buyers the line told that every seat is sold. */
  toldSoldOut: number;
  /** Every 5 s: seconds since the start, buyers in line, admitted so far, line calls in that span. */
  series: { at: number; waiting: number; admitted: number; polls: number }[];
}

export interface BuyersFigures {
  buyers: number;
  bought: number;
  soldOut: number;
  failed: number;
  seatsBought: number;
  conflicts: number;
  gridFull: number;
  gridAnswers: { 200: number; 304: number };
  /** Every answer that was not an expected one, retried or not (must be none). */
  errors: BuyerError[];
  /** Calls tried again after such an answer, as the page or its user would. */
  retries: number;
  /** Why each buyer who gave up did. */
  failures: BuyerError[];
  orders: number[];
  /** Requests sent again at once because the server had closed their kept-alive connection (as browsers do). */
  staleConnections: number;
  steps: Record<Step, number[]>;
  /** The calls of admitted buyers after their admission, per step. */
  admittedSteps: Record<Step, number[]>;
  line: LineFigures;
  startedAt: number;
  firstArrivalAt: number;
  lastHoldAt: number;
  lastPaidAt: number;
  finishedAt: number;
}

export declare function runBuyers(options: BuyersOptions): Promise<BuyersFigures>;

export interface SaleInDatabase {
  seatsSoldTwice: number;
  paidOrders: number;
  paidSeats: number;
  unpaidHolds: number;
  lastPaidAt: Date | null;
  ticketMails: number;
  ordersMailed: number;
  lastMailAt: Date | null;
}

export type Query = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;
export declare function saleInDatabase(query: Query, eventId: number): Promise<SaleInDatabase>;
export interface LineInDatabase {
  places: number;
  admitted: number;
  /** Places admitted before one that came earlier (must be none). */
  outOfOrder: number;
}
export declare function lineInDatabase(query: Query, eventId: number): Promise<LineInDatabase>;
export declare function waitForTicketMails(query: Query, eventId: number, timeoutMs: number, pollMs?: number): Promise<SaleInDatabase & { drained: boolean }>;
export declare function quantile(values: number[], q: number): number;
