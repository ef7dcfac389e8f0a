import { rowLetter } from './seat-names';
import type { SeatLayout, SeatRow } from './seat-names';

export type { SeatRow } from './seat-names';

export type SectionLevel = 'upper' | 'lower';

/** SPEC §9: 6 rows for upper sections, 5 for lower. */
export function rowCount(level: SectionLevel): number {
  return level === 'upper' ? 6 : 5;
}

/**
 * Seats spread as evenly as possible over the rows, earlier rows getting the extra seat. The rows
 * are the level's (SPEC §9) for the venue's sections, or a seat plan's own count (rows x columns:
 * every row then has `columns` seats).
 */
export function sectionRows(capacity: number, levelOrRows: SectionLevel | number): SeatRow[] {
  return rowsOfLayout(sectionLayout(capacity, levelOrRows));
}

/** Seats per row: the capacity spread over the section's rows (its level's, SPEC §9, or a plan's own count), earlier rows getting the extra seat. */
export function sectionLayout(capacity: number, levelOrRows: SectionLevel | number): number[] {
  if (!Number.isInteger(capacity) || capacity < 0) throw new RangeError(`capacity must be a non-negative integer, got ${capacity}`);
  const rows = typeof levelOrRows === 'number' ? levelOrRows : rowCount(levelOrRows);
  if (!Number.isInteger(rows) || rows < 1) throw new RangeError(`rows must be a positive integer, got ${rows}`);
  const base = Math.floor(capacity / rows);
  const extra = capacity % rows;
  return Array.from({ length: rows }, (_, i) => base + (i < extra ? 1 : 0));
}

/**
 * The layout of a section as sold: an event's own seat plan (`rows` rows of capacity / rows seats)
 * when it is one, else SPEC §9's rows of an arena section.
 */
export function seatLayoutOf(section: { capacity: number; level: SectionLevel; rows?: number | null }): SeatLayout {
  return sectionLayout(section.capacity, section.rows ?? section.level);
}

/** The rows of a layout of row sizes, lettered, with continuous seat numbers. */
export function rowsOfLayout(sizes: readonly number[]): SeatRow[] {
  const result: SeatRow[] = [];
  let next = 1;
  sizes.forEach((size, i) => {
    result.push({ letter: rowLetter(i), seats: Array.from({ length: size }, (_, k) => next + k) });
    next += size;
  });
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
export { bestAvailable, bestBlock } from './best-available';
export type { ScoredBlock } from './best-available';
export { bestAvailableAcross } from './venue-best-available';
export type { VenueSection } from './venue-best-available';
export { rowIndexOfSeat, rowLetter, seatName, seatNames } from './seat-names';
export type { SeatLayout } from './seat-names';
