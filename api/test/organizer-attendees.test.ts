// Attendee List (PRODUCT §5): every ticket holder of one of the organizer's events, with search,
// a Present/Absent filter and paging on the server, and the CSV export of the filtered list
// (UTF-8 with BOM, quoted fields, formula characters neutralised).
import type { AttendeesResponse, CheckinResponse, OrderSummary } from '@sports/contracts';
import { attendeesResponseSchema, formatTransactionNo } from '@sports/contracts';
import { TEST_PASSWORD, createUser } from './support/accounts';
import { json, startBookingApp } from './support/booking';
import type { BookingApp } from './support/booking';
import { buyTicket, ownEvent, signedIn, signedInAs } from './support/organizer';
import type { Person } from './support/organizer';

jest.setTimeout(30_000);

/** RFC 4180 reader for the test: fields, quotes doubled inside quoted fields, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let field = '';
  let row: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else throw new Error(`unquoted character ${JSON.stringify(c)} at ${i}`);
  }
  if (field !== '' || row.length) throw new Error('the last row does not end with CRLF');
  return rows;
}

const NASTY = ['=HYPERLINK("http://evil.example","Click")', '+SUM(1,2)', '-2+3', '@cmd', '\tTabbed', '\rReturn'];

describe('attendee list', () => {
  let app: BookingApp;
  let owner: Person;
  let other: Person;
  let eventId: number;
  const orders: Array<OrderSummary & { first: string }> = [];

  beforeAll(async () => {
    app = await startBookingApp();
    [owner, other] = await Promise.all([signedIn(app, 'Organizer'), signedIn(app, 'Organizer')]);
    // Its doors are open (3 hours before the start).
    eventId = await ownEvent(app.db, owner.id, { price: 100, startsAt: new Date(Date.now() + 3_600_000) });
    const firsts = ['Alma', 'Benito', 'Carmen', 'Dante', 'Elena', 'Fidel', ...NASTY];
    let seat = 1;
    for (const first of firsts) {
      const user = await createUser(app.db, { firstName: first });
      const res = await app.request('POST', '/api/login.php', { body: { email: user.email, password: TEST_PASSWORD } });
      const cookie = res.headers.getSetCookie()[0]?.split(';')[0] as string;
      const seats = first === 'Benito' ? [seat, seat + 1] : [seat];
      orders.push({ ...(await buyTicket(app, cookie, eventId, 12, seats)), first });
      seat += seats.length;
    }
    // Three seats are at the gate: Benito's first one, not his second.
    for (const first of ['Alma', 'Benito', '@cmd']) {
      const qr = orders.find((o) => o.first === first)?.tickets?.[0]?.qr as string;
      const scan = await json<CheckinResponse>(await app.request('POST', '/api/organizer/checkins', { cookie: owner.cookie, body: { qr } }));
      expect(scan.body.result).toBe('checked_in');
    }
  }, 120_000);
  afterAll(async () => {
    await app.stop();
  });

  const list = async (query = '', cookie = owner.cookie, id = eventId) => json<AttendeesResponse>(await app.request('GET', `/api/organizer/events/${id}/attendees${query}`, { cookie }));

  it('pages every ticket (one per seat), 10 at a time, with the screen’s columns and the event’s counts of tickets', async () => {
    const first = await list();
    expect(first.status).toBe(200);
    attendeesResponseSchema.parse(first.body);
    expect(first.body).toMatchObject({ event: { id: eventId }, page: 1, pageSize: 10, total: 13, totalPages: 2, counts: { all: 13, present: 3, absent: 10 } });
    expect(first.body.attendees).toHaveLength(10);
    expect((await list('?page=2')).body.attendees).toHaveLength(3);
    const benito = first.body.attendees.filter((a) => a.name === 'Benito Tester');
    const order = orders.find((o) => o.first === 'Benito') as OrderSummary;
    const row = {
      orderId: order.orderId,
      transactionNo: formatTransactionNo(order.orderId),
      email: expect.stringMatching(/@example\.test$/),
      section: 'Upper Box C',
      category: 'regular',
      orderDate: order.paidAt,
    };
    expect(benito.map(({ name: _name, ...row }) => row)).toEqual([
      {
        ...row,
        ticketId: order.tickets?.[0]?.ticketId,
        code: order.tickets?.[0]?.code,
        seats: [2],
        seatNames: ['A2'],
        status: 'Present',
        checkinMethod: 'scan',
        gate: null,
        timePresent: expect.stringMatching(/^\d{1,2}:\d{2} [AP]M$/),
        checkedInAt: expect.any(String),
      },
      { ...row, ticketId: order.tickets?.[1]?.ticketId, code: order.tickets?.[1]?.code, seats: [3], seatNames: ['A3'], status: 'Absent', checkinMethod: null, gate: null, timePresent: null, checkedInAt: null },
    ]);
    const carmen = [...first.body.attendees, ...(await list('?page=2')).body.attendees].find((a) => a.name === 'Carmen Tester');
    expect(carmen).toMatchObject({ status: 'Absent', checkedInAt: null, timePresent: null });
  });

  it('filters Present and Absent on the server', async () => {
    const present = await list('?status=Present');
    expect(present.body.total).toBe(3);
    expect(present.body.attendees.every((a) => a.status === 'Present')).toBe(true);
    expect(present.body.counts).toEqual({ all: 13, present: 3, absent: 10 });
    const absent = await list('?status=Absent&page=1');
    expect(absent.body.total).toBe(10);
    expect(absent.body.attendees.every((a) => a.status === 'Absent')).toBe(true);
  });

  it('searches by name, email, transaction number, ticket code or seat; wildcards are literal', async () => {
    expect((await list('?search=carMEN')).body.attendees.map((a) => a.name)).toEqual(['Carmen Tester']);
    const dante = orders.find((o) => o.first === 'Dante') as OrderSummary;
    const email = (await app.db.query<{ email: string }>('SELECT u.email FROM orders o JOIN users u ON u.id = o.user_id WHERE o.id = $1', [dante.orderId])).rows[0]?.email as string;
    expect((await list(`?search=${encodeURIComponent(email.toUpperCase())}`)).body.attendees.map((a) => a.orderId)).toEqual([dante.orderId]);
    const benito = orders.find((o) => o.first === 'Benito') as OrderSummary;
    const code = benito.tickets?.[1]?.code as string;
    for (const typed of [code, code.toLowerCase().replace(/-/g, ' ')]) {
      expect([typed, (await list(`?search=${encodeURIComponent(typed)}`)).body.attendees.map((a) => a.ticketId)]).toEqual([typed, [benito.tickets?.[1]?.ticketId]]);
    }
    // A seat: its name or number (A3 is seat 3 of this section); random emails may contain 'a3' too,
    // Benito's own included.
    const bySeat = (await list('?search=A3')).body.attendees;
    const seatA3 = bySeat.filter((a) => a.seatNames.includes('A3'));
    expect(seatA3.map((a) => [a.name, a.seatNames[0]])).toEqual([['Benito Tester', 'A3']]);
    for (const other of bySeat.filter((a) => !seatA3.includes(a))) expect(other.email.toLowerCase()).toContain('a3');
    for (const txn of [formatTransactionNo(dante.orderId), String(dante.orderId), `txn-${dante.orderId}`]) {
      expect([txn, (await list(`?search=${encodeURIComponent(txn)}`)).body.attendees.map((a) => a.orderId)]).toEqual([txn, [dante.orderId]]);
    }
    expect((await list('?search=%25')).body.total).toBe(0);
    expect((await list('?search=_')).body.total).toBe(0);
    expect((await list('?search=tester&status=Absent')).body.total).toBe(10);
  });

  it('answers 404 for another organizer’s or an unknown event, 401/403 to others, 400 for bad queries', async () => {
    expect(await list('', other.cookie)).toEqual({ status: 404, body: { success: false, error: 'Event not found' } });
    expect((await list('', owner.cookie, 2_147_483_647)).status).toBe(404);
    expect((await app.request('GET', `/api/organizer/events/${eventId}/attendees`)).status).toBe(401);
    expect((await list('', (await signedIn(app, 'Participant')).cookie)).status).toBe(403);
    expect((await list('', await signedInAs(app, 'admin@demo.local'))).status).toBe(403);
    for (const q of ['?status=present', '?status=Late', '?page=0', '?page=a', `?search=${'a'.repeat(101)}`, '?search=a%00b']) {
      expect([q, (await list(q)).status]).toEqual([q, 400]);
    }
  });

  describe('CSV export', () => {
    const csv = (query = '', cookie = owner.cookie) => app.request('GET', `/api/organizer/events/${eventId}/attendees.csv${query}`, { cookie });

    it('is UTF-8 with a BOM, every field quoted, CRLF rows, a header line, and the whole filtered list', async () => {
      const res = await csv();
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="attendees-event-${eventId}.csv"`);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.toString('utf8').slice(1);
      expect(text.split('\r\n')[0]).toBe('"Name","Email","Transaction Number","Section","Seat","Code","Status","Time Present","Checked In By","Order Date","Category"');
      const rows = parseCsv(text);
      expect(rows).toHaveLength(14);
      expect(rows.slice(1).every((r) => r.length === 11)).toBe(true);
      const benito = rows.filter((r) => r[0] === 'Benito Tester');
      const order = orders.find((o) => o.first === 'Benito') as OrderSummary;
      expect(benito.map((r) => r.slice(2, 7))).toEqual([
        [formatTransactionNo(order.orderId), 'Upper Box C', 'A2', order.tickets?.[0]?.code, 'Present'],
        [formatTransactionNo(order.orderId), 'Upper Box C', 'A3', order.tickets?.[1]?.code, 'Absent'],
      ]);
      expect(benito[0]?.[7]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      expect(benito[0]?.[8]).toBe('Scan');
      expect(benito[0]?.[9]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      expect(rows.find((r) => r[0] === 'Carmen Tester')?.slice(6, 9)).toEqual(['Absent', '', '']);
    });

    it('neutralises formula characters (= + - @ tab CR) so a spreadsheet shows them as text', async () => {
      const rows = parseCsv((await (await csv()).text()).replace(/^\uFEFF/, ''));
      const names = rows.map((r) => r[0] as string);
      for (const nasty of NASTY) {
        expect(names).toContain(`'${nasty} Tester`);
        expect(names).not.toContain(`${nasty} Tester`);
      }
      expect(rows.flat().every((field) => !/^[=+\-@\t\r]/.test(field))).toBe(true);
      const raw = (await (await csv()).text()).replace(/^\uFEFF/, '');
      expect(raw).toContain('"\'=HYPERLINK(""http://evil.example"",""Click"") Tester"');
    });

    it('follows the search and the status filter, and is the owner’s only', async () => {
      const res = await csv('?status=Present');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="attendees-event-${eventId}-present.csv"`);
      const rows = parseCsv((await res.text()).replace(/^\uFEFF/, ''));
      expect(rows.slice(1).map((r) => r[6])).toEqual(['Present', 'Present', 'Present']);
      const searched = parseCsv((await (await csv('?search=dante')).text()).replace(/^\uFEFF/, ''));
      expect(searched.slice(1).map((r) => r[0])).toEqual(['Dante Tester']);
      expect(await json(await csv('', other.cookie))).toEqual({ status: 404, body: { success: false, error: 'Event not found' } });
      expect((await csv('?status=nope')).status).toBe(400);
    });
  });
});
