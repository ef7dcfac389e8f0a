// Types of onsale-buyers.cjs, for the TypeScript test that runs it.
export type Step = 'event' | 'reviews' | 'sections' | 'availability' | 'myOrders' | 'grid' | 'hold' | 'pay' | 'order';
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
export declare function waitForTicketMails(query: Query, eventId: number, timeoutMs: number, pollMs?: number): Promise<SaleInDatabase & { drained: boolean }>;
export declare function quantile(values: number[], q: number): number;
