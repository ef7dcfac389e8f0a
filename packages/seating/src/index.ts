import { rowLetter } from './seat-names';
import type { SeatLayout } from './seat-names';

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

/** Seats spread as evenly as possible over the rows, earlier rows getting the extra seat. */
export function sectionRows(capacity: number, level: SectionLevel): SeatRow[] {
  return rowsOfLayout(sectionLayout(capacity, level));
}

/** SPEC §9's seats per row of an arena section: the capacity spread over its rows, earlier rows getting the extra seat. */
export function sectionLayout(capacity: number, level: SectionLevel): number[] {
  if (!Number.isInteger(capacity) || capacity < 0) throw new RangeError(`capacity must be a non-negative integer, got ${capacity}`);
  const rows = rowCount(level);
  const base = Math.floor(capacity / rows);
  const extra = capacity % rows;
  return Array.from({ length: rows }, (_, i) => base + (i < extra ? 1 : 0));
}

/**
 * The layout of a section as sold: an event's own seat plan (rows x columns, `planColumns` seats a
 * row) when it has one, else SPEC §9's rows of an arena section.
 */
export function seatLayoutOf(section: { capacity: number; level: SectionLevel; planColumns?: number | null }): SeatLayout {
  return section.planColumns ? section.planColumns : sectionLayout(section.capacity, section.level);
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
export function rowOfSeat(seat: number, capacity: number, level: SectionLevel): string | undefined {
  if (!isSeatInSection(seat, capacity)) return undefined;
  return sectionRows(capacity, level).find((row) => row.seats.includes(seat))?.letter;
}
export { bestAvailable } from './best-available';
export { rowIndexOfSeat, rowLetter, seatName, seatNames } from './seat-names';
export type { SeatLayout } from './seat-names';
