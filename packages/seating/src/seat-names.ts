/**
 * Seat names as the seat grid shows them: the row letter, then the seat's own number, which runs
 * on across rows (SPEC "Section seats": lettered rows, continuously numbered seats). Seat 32 of a
 * section whose row A holds 31 seats is "B32". Checkout, the ticket, My Tickets, e-mails and the
 * organizer's attendee list all name seats with this one function; the signed QR payload keeps
 * the plain numbers.
 *
 * The layout is the seats per row: one number when every row has as many (an event's own seat
 * plan, rows x columns), or each row's size in order (SPEC §9's arena sections, earlier rows one
 * seat longer). A pure function of the seat number and that layout, so any section works.
 */
export type SeatLayout = number | readonly number[];

const LETTERS = 26;

/** A, B, … Z, then AA, AB, … (rows past Z only happen in made-up layouts). */
export function rowLetter(index: number): string {
  let n = index;
  let letters = '';
  do {
    letters = String.fromCharCode(65 + (n % LETTERS)) + letters;
    n = Math.floor(n / LETTERS) - 1;
  } while (n >= 0);
  return letters;
}

/** 0-based row of a seat number in the layout; undefined when the seat is not in it. */
export function rowIndexOfSeat(seat: number, layout: SeatLayout): number | undefined {
  if (!Number.isInteger(seat) || seat < 1) return undefined;
  if (typeof layout === 'number') return Number.isInteger(layout) && layout > 0 ? Math.floor((seat - 1) / layout) : undefined;
  let last = 0;
  for (let row = 0; row < layout.length; row += 1) {
    last += layout[row] as number;
    if (seat <= last) return row;
  }
  return undefined;
}

/** 'B32'; a seat the layout does not have keeps its plain number ('999'). */
export function seatName(seat: number, layout: SeatLayout): string {
  const row = rowIndexOfSeat(seat, layout);
  return row === undefined ? String(seat) : `${rowLetter(row)}${seat}`;
}

/** Every seat's name, in the order given. */
export function seatNames(seats: readonly number[], layout: SeatLayout): string[] {
  return seats.map((seat) => seatName(seat, layout));
}

export interface SeatRow {
  /** A, B, C… */
  letter: string;
  /** Continuous seat numbers, starting after the previous row's last seat. */
  seats: number[];
}
