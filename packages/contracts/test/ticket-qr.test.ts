// The ticket QR as the API and the browser read it: the canonical bytes that are signed, and a signature
// made by the key checks out over them (Node's Ed25519 here; WebCrypto or @noble/ed25519 in the gate).
import { generateKeyPairSync, sign, verify } from 'node:crypto';
import { canonicalTicketPayload, parseTicketQr } from '../src';

const ID = 'AbCdEfGhIjKlMnOpQrStUv';

describe('the ticket QR in the browser', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const signed = (payload: Record<string, unknown>) => {
    const canonical = JSON.stringify(payload);
    return `${canonical.slice(0, -1)},"sig":"${sign(null, Buffer.from(canonical), privateKey).toString('base64url')}"}`;
  };
  const perSeat = { ticket_id: ID, event_id: 4, section_id: 2, seats: [3, 4], seat: 4, paymentType: 'full', paymentMethod: 'gcash', totalAmount: 300 };

  it('puts seat right after seats, and leaves it out for an old whole-order QR', () => {
    const parsed = parseTicketQr(signed(perSeat));
    expect(parsed).not.toBeNull();
    const { sig, ...payload } = parsed as NonNullable<typeof parsed>;
    expect(canonicalTicketPayload(payload)).toBe(JSON.stringify(perSeat));
    expect(verify(null, Buffer.from(canonicalTicketPayload(payload)), publicKey, Buffer.from(sig, 'base64url'))).toBe(true);
    const order: Record<string, unknown> = { ...perSeat };
    delete order.seat;
    const whole = parseTicketQr(signed(order));
    expect(whole?.seat).toBeUndefined();
    expect(canonicalTicketPayload(whole as NonNullable<typeof whole>)).toBe(JSON.stringify(order));
  });

  it('reads the fields whatever their order in the text', () => {
    const text = signed(perSeat);
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(text) as Record<string, unknown>).reverse()));
    expect(parseTicketQr(reordered)).toEqual(parseTicketQr(text));
  });

  it.each([
    ['not JSON', 'K7QX-3MPD-9W'],
    ['an extra key', JSON.stringify({ ...perSeat, sig: 'x'.repeat(86), extra: 1 })],
    ['a seat not among the seats', JSON.stringify({ ...perSeat, seat: 9, sig: 'x'.repeat(86) })],
    ['seats out of order', JSON.stringify({ ...perSeat, seats: [4, 3], sig: 'x'.repeat(86) })],
    ['an unknown method', JSON.stringify({ ...perSeat, paymentMethod: 'cash', sig: 'x'.repeat(86) })],
    ['a short signature', JSON.stringify({ ...perSeat, sig: 'x'.repeat(20) })],
  ])('is not a ticket: %s', (_what, text) => {
    expect(parseTicketQr(text)).toBeNull();
  });
});
