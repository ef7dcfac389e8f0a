// What book-seats' line check costs and what decides it (waiting-room.ts mayHold): a sale without a
// line asks the database nothing per hold, a cookie that names no pass is refused without asking,
// and for one that names a pass the place's row decides, in one statement (docs/waiting-room.md).
// The database here is a recorder that answers the line's statements as a scenario says.
import type { Db, NamedStatement, QueryResult, QueryResultRow } from '../src/db';
import { signLinePlace } from '../src/waiting-room/line-cookie';
import { createWaitingRoom } from '../src/waiting-room/waiting-room';

const SECRET = 'waiting-room-pass-test-secret';
const EVENT = 7;
const USER = 42;

interface Scenario {
  /** The event's line is on. */
  lineOn: boolean;
  /** The place's row holds a pass (the pass statement finds it). */
  passInRow: boolean;
}

function recordingDb(scenario: Scenario): { db: Db; statements: string[] } {
  const statements: string[] = [];
  const answer = (text: string | NamedStatement): QueryResultRow[] => {
    const name = typeof text === 'string' ? text : text.name;
    statements.push(name);
    if (name === 'waiting-rooms-on') return scenario.lineOn ? [{ event_id: EVENT, shoppers: 1, admitted_through: '1', admitted: '1', waiting: false }] : [];
    if (name.includes('waiting_line_seq')) return [{ n: '1' }];
    if (name === 'waiting-line-pass') return scenario.passInRow ? [{ ends: new Date(Date.now() + 600_000) }] : [];
    return [];
  };
  const query = async <R extends QueryResultRow>(text: string | NamedStatement): Promise<QueryResult<R>> =>
    ({ rows: answer(text), rowCount: 0, command: 'SELECT', oid: 0, fields: [] }) as unknown as QueryResult<R>;
  const db: Db = {
    query,
    withTransaction: (fn) => fn({ query }),
    withClient: (fn) => fn({ query }),
    ping: async () => true,
    close: async () => undefined,
  };
  return { db, statements };
}

/** mayHold once the lines were read, and the statements that call itself made. */
async function check(scenario: Scenario, cookie: unknown): Promise<{ mayHold: boolean; statements: string[] }> {
  const { db, statements } = recordingDb(scenario);
  const room = createWaitingRoom({ db, secret: SECRET, defaultShoppers: 1, keepMs: 60_000 });
  await room.status(EVENT, null, undefined);
  statements.length = 0;
  return { mayHold: await room.mayHold(EVENT, USER, cookie), statements };
}

const passCookie = signLinePlace(SECRET, EVENT, { userId: USER, seq: 1, passEndsAt: Date.now() + 600_000 });

describe('book-seats\' line check', () => {
  it('asks nothing per hold while the event has no line', async () => {
    expect(await check({ lineOn: false, passInRow: false }, undefined)).toEqual({ mayHold: true, statements: [] });
    expect(await check({ lineOn: false, passInRow: false }, passCookie)).toEqual({ mayHold: true, statements: [] });
  });

  it('refuses without asking a cookie that names no pass of this account', async () => {
    const waiting = signLinePlace(SECRET, EVENT, { userId: USER, seq: 1, passEndsAt: 0 });
    const ended = signLinePlace(SECRET, EVENT, { userId: USER, seq: 1, passEndsAt: Date.now() - 1_000 });
    const someoneElses = signLinePlace(SECRET, EVENT, { userId: USER + 1, seq: 1, passEndsAt: Date.now() + 600_000 });
    for (const cookie of [undefined, 'forged', waiting, ended, someoneElses]) {
      expect(await check({ lineOn: true, passInRow: true }, cookie)).toEqual({ mayHold: false, statements: [] });
    }
  });

  it('lets the place\'s row decide for a cookie that names a pass, in one statement', async () => {
    expect(await check({ lineOn: true, passInRow: true }, passCookie)).toEqual({ mayHold: true, statements: ['waiting-line-pass'] });
    // Left, ended or bought with in the database: the cookie's own end does not matter.
    expect(await check({ lineOn: true, passInRow: false }, passCookie)).toEqual({ mayHold: false, statements: ['waiting-line-pass'] });
  });
});
