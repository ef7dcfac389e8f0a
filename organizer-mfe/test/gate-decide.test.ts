// The offline gate's answers from its own copy: no network, no API, a stand-in verifier (the
// signature check itself runs in Chromium in e2e/gate.e2e.ts).
import { canonicalTicketPayload } from '@sports/contracts';
import type { GateTicket, SignedTicket } from '@sports/contracts';
import { decide, indexCopy } from '../src/features/gate/gate-decide';
import type { GateBook } from '../src/features/gate/gate-decide';
import type { GateCopy } from '../src/features/gate/gate-store';

const GOOD_SIG = 'g'.repeat(86);
const BAD_SIG = 'b'.repeat(86);
const EVENT = 7;
const HOUR = 3_600_000;
/** 2026-11-26 17:00 in Manila (09:00 UTC): doors open at 5:00 PM, close at 11:00 PM. */
const OPENS = Date.parse('2026-11-26T09:00:00Z');
const CLOSES = OPENS + 6 * HOUR;
const NOW = OPENS + HOUR;

const id = (n: number): string => `ticket-${String(n).padStart(15, '0')}`;
function ticket(n: number, extra: Partial<GateTicket> = {}): GateTicket {
  return { ticketId: id(n), code: `K7QX-3MPD-${'23456789AB'[n]}${'CDEFGHJKLM'[n]}`, seat: n, seatName: `A${n}`, section: 'Floor', holder: 'Bea Tester', category: 'regular', status: 'valid', checkedInAt: null, gate: null, ...extra };
}

function copyWith(tickets: GateTicket[], legacyOrders: Record<string, string[]> = {}): GateBook {
  const copy: GateCopy = {
    event: { id: EVENT, name: 'Finals' },
    window: { opensAt: new Date(OPENS).toISOString(), closesAt: new Date(CLOSES).toISOString() },
    publicKey: '-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----',
    tickets,
    legacyOrders,
    syncedAt: new Date(NOW).toISOString(),
  };
  return indexCopy(copy);
}

function qr(ticketId: string, { seat, event = EVENT, sig = GOOD_SIG }: { seat?: number; event?: number; sig?: string } = {}): string {
  const payload = { ticket_id: ticketId, event_id: event, section_id: 3, seats: [1, 2], ...(seat === undefined ? {} : { seat }), paymentType: 'full' as const, paymentMethod: 'gcash' as const, totalAmount: 200 };
  return `${canonicalTicketPayload(payload).slice(0, -1)},"sig":"${sig}"}`;
}

const verify = async (t: SignedTicket) => t.sig === GOOD_SIG;

describe('the gate decides from its own copy', () => {
  it('admits a genuine ticket of this event, then says it is in, with the gate and the time', async () => {
    const book = copyWith([ticket(1), ticket(2)]);
    const first = await decide(qr(id(1), { seat: 1 }), book, verify, NOW);
    expect(first).toMatchObject({ result: 'checked_in', headline: 'Checked in', message: 'Bea Tester · Floor · seat A1', overridable: false, overridden: false, idCheck: null });
    expect(first.tickets.map((t) => t.ticketId)).toEqual([id(1)]);
    // The caller records the admission in the copy.
    Object.assign(book.byId.get(id(1)) as GateTicket, { checkedInAt: new Date(NOW).toISOString(), gate: 'North' });
    expect(await decide(qr(id(1), { seat: 1 }), book, verify, NOW + 60_000)).toMatchObject({
      result: 'already_checked_in',
      headline: 'Already checked in',
      message: 'Bea Tester · Floor · seat A1: checked in at North at 6:00 PM.',
    });
  });

  it('finds a typed short code in any case, with or without dashes', async () => {
    const book = copyWith([ticket(1), ticket(2)]);
    const code = ticket(2).code.replace(/-/g, '').toLowerCase();
    expect((await decide(` ${code} `, book, verify, NOW)).tickets.map((t) => t.ticketId)).toEqual([id(2)]);
    expect((await decide('ZZZZ-ZZZZ-ZZ', book, verify, NOW)).result).toBe('not_found');
  });

  it('refuses forged, other events’, unknown and unreadable scans', async () => {
    const book = copyWith([ticket(1)]);
    expect((await decide(qr(id(1), { seat: 1, sig: BAD_SIG }), book, verify, NOW)).headline).toBe('Forged ticket');
    expect((await decide(qr(id(1), { seat: 1, event: 8 }), book, verify, NOW)).headline).toBe('Not for this event');
    expect((await decide(qr(id(9), { seat: 1 }), book, verify, NOW)).headline).toBe('Not found');
    expect((await decide('{"hello":1}', book, verify, NOW)).result).toBe('unreadable');
    expect((await decide('not a code', book, verify, NOW)).result).toBe('unreadable');
  });

  it('answers outside the window with the doors’ time; Admit anyway admits and says so', async () => {
    const book = copyWith([ticket(1)]);
    const early = await decide(qr(id(1), { seat: 1 }), book, verify, OPENS - HOUR);
    expect(early).toMatchObject({ result: 'too_early', headline: 'Too early', message: 'Too early: doors open at 5:00 PM', overridable: true });
    expect(await decide(qr(id(1), { seat: 1 }), book, verify, CLOSES + HOUR / 2)).toMatchObject({ result: 'too_late', message: 'Too late: doors closed at 11:00 PM', overridable: true });
    expect(await decide(qr(id(1), { seat: 1 }), book, verify, OPENS - 24 * HOUR)).toMatchObject({ message: 'Too early: doors open at 5:00 PM on 11-26-2026' });
    expect(await decide(qr(id(1), { seat: 1 }), book, verify, OPENS - HOUR, true)).toMatchObject({ result: 'checked_in', overridden: true, overridable: false });
  });

  it('says Check ID for an admitted ticket whose category is not Regular, and not when it is refused', async () => {
    const book = copyWith([ticket(1, { category: 'senior' }), ticket(2, { category: 'child', status: 'refunded' })]);
    expect(await decide(qr(id(1), { seat: 1 }), book, verify, NOW)).toMatchObject({ result: 'checked_in', idCheck: 'Check ID: Senior Citizen' });
    expect(await decide(qr(id(2), { seat: 2 }), book, verify, NOW)).toMatchObject({ result: 'refunded', idCheck: null });
    const whole = copyWith([ticket(1, { category: 'pwd' }), ticket(2, { category: 'student' })], { ['order-ticket-000000001']: [id(1), id(2)] });
    expect(await decide(qr('order-ticket-000000001'), whole, verify, NOW)).toMatchObject({ result: 'checked_in', idCheck: 'Check ID: Student, PWD' });
  });

  it('admits every seat of an old whole-order QR once', async () => {
    const book = copyWith([ticket(1), ticket(2), ticket(3)], { ['order-ticket-000000001']: [id(1), id(2)] });
    const whole = qr('order-ticket-000000001');
    const first = await decide(whole, book, verify, NOW);
    expect(first).toMatchObject({ result: 'checked_in', message: 'Bea Tester · Floor · seats A1, A2' });
    for (const t of first.tickets) Object.assign(t, { checkedInAt: new Date(NOW).toISOString(), gate: 'North' });
    expect((await decide(whole, book, verify, NOW)).result).toBe('already_checked_in');
  });

  it('refuses a ticket whose order no longer admits', async () => {
    const book = copyWith([ticket(1, { status: 'refunded' }), ticket(2, { status: 'cancelled' })]);
    expect((await decide(qr(id(1), { seat: 1 }), book, verify, NOW)).headline).toBe('Order refunded');
    expect((await decide(ticket(2).code, book, verify, NOW)).headline).toBe('Event cancelled');
  });
});
