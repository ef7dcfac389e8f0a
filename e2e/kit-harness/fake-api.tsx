// A stand-in for the API behind the harness: 250 accounts, paged, searched and filtered "on the
// server", with a short delay. Every request is logged on window.__kitRequests for the browser tests.
import { ApiError } from '@sports/api-client';

export const PAGE_SIZE = 10;

export const STATUSES = ['Active', 'Inactive', 'Restricted'] as const;
export type Status = (typeof STATUSES)[number];

export const EVENTS = [
  { id: 1, name: 'City Multi-Sport Games' },
  { id: 2, name: 'Mutya ng Lungsod Pageant' },
  { id: 3, name: 'Zumba Night at the Plaza' },
] as const;

export interface Account {
  accountNo: string;
  name: string;
  email: string;
  role: 'Participant' | 'Organization';
  status: Status;
  eventId: number;
  dateCreated: string;
}

const FIRST = ['Ana', 'Ben', 'Carla', 'Dario', 'Elena', 'Felipe', 'Gina', 'Hector', 'Isabel', 'Jose', 'Karen', 'Luis', 'Maria', 'Nestor', 'Olivia', 'Paolo', 'Queenie', 'Ramon', 'Sofia', 'Tomas', 'Ursula', 'Victor', 'Wilma', 'Xavier', 'Yolanda'];
const LAST = ['Cruz', 'Reyes', 'Santos', 'Garcia', 'Mendoza', 'Bautista', 'Villanueva', 'Dela Rosa', 'Ramos', 'Aquino'];

export const ACCOUNTS: Account[] = Array.from({ length: 250 }, (_, index) => {
  const first = FIRST[index % FIRST.length]!;
  const last = LAST[Math.floor(index / FIRST.length) % LAST.length]!;
  const day = String((index % 28) + 1).padStart(2, '0');
  return {
    accountNo: String(100000000001 + index),
    name: `${first} ${last}`,
    email: `${first}.${last}`.toLowerCase().replace(/\s+/g, '') + `${index}@example.test`,
    role: index % 7 === 0 ? 'Organization' : 'Participant',
    status: index % 11 === 0 ? 'Restricted' : index % 5 === 0 ? 'Inactive' : 'Active',
    eventId: (index % 3) + 1,
    dateCreated: `03-${day}-2025`,
  };
});

export interface AccountQuery {
  page: number;
  q: string;
  status: string;
  event: string;
}

export interface AccountPage {
  rows: Account[];
  total: number;
}

declare global {
  interface Window {
    __kitRequests?: AccountQuery[];
    /** Ends the harness's pending confirm action (harness-page.tsx). */
    __kitFinishWrite?: () => void;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function fetchAccounts(query: AccountQuery): Promise<AccountPage> {
  (window.__kitRequests ??= []).push(query);
  await sleep(60);
  // Two searches stand for failures, so the error states can be seen.
  if (query.q === 'offline') throw new TypeError('Failed to fetch');
  if (query.q === 'forbidden') throw new ApiError(403, 'You do not have access to this.');
  const needle = query.q.toLowerCase();
  const matching = ACCOUNTS.filter(
    (account) =>
      (needle === '' || account.name.toLowerCase().includes(needle) || account.email.includes(needle)) &&
      (query.status === '' || account.status === query.status) &&
      (query.event === '' || String(account.eventId) === query.event),
  );
  const start = (query.page - 1) * PAGE_SIZE;
  return { rows: matching.slice(start, start + PAGE_SIZE), total: matching.length };
}
