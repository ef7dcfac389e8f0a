export type SectionLevel = 'upper' | 'lower';

/** SPEC §9: 6 rows for upper sections, 5 for lower. */
export function rowCount(level: SectionLevel): number {
  return level === 'upper' ? 6 : 5;
}

export interface SeatRow {
  /** A, B, C… */
  letter: string;
  /** Continuous seat numbers, starting after the previous row's last seat. */
  seats: number[];
}

/**
 * Seats spread as evenly as possible over the rows, earlier rows getting the extra seat. The rows
 * are the level's (SPEC §9) for the venue's sections, or a seat plan's own count (rows x columns:
 * every row then has `columns` seats).
 */
export function sectionRows(capacity: number, levelOrRows: SectionLevel | number): SeatRow[] {
  if (!Number.isInteger(capacity) || capacity < 0) throw new RangeError(`capacity must be a non-negative integer, got ${capacity}`);
  const rows = typeof levelOrRows === 'number' ? levelOrRows : rowCount(levelOrRows);
  if (!Number.isInteger(rows) || rows < 1) throw new RangeError(`rows must be a positive integer, got ${rows}`);
  const base = Math.floor(capacity / rows);
  const extra = capacity % rows;
  const result: SeatRow[] = [];
  let next = 1;
  for (let i = 0; i < rows; i += 1) {
    const size = base + (i < extra ? 1 : 0);
    result.push({ letter: String.fromCharCode(65 + i), seats: Array.from({ length: size }, (_, k) => next + k) });
    next += size;
  }
  return result;
}

/** A seat exists when it is a whole number in 1..capacity. */
export function isSeatInSection(seat: number, capacity: number): boolean {
  return Number.isInteger(seat) && seat >= 1 && seat <= capacity;
}

/** Row letter of a seat number, or undefined outside the section. */
export function rowOfSeat(seat: number, capacity: number, levelOrRows: SectionLevel | number): string | undefined {
  if (!isSeatInSection(seat, capacity)) return undefined;
  return sectionRows(capacity, levelOrRows).find((row) => row.seats.includes(seat))?.letter;
}
export { bestAvailable } from './best-available';
