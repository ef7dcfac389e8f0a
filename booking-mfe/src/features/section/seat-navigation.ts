import type { SeatRow } from '@sports/seating';

export interface SeatPosition {
  /** Index of the row in the section. */
  row: number;
  /** Index of the seat in its row. */
  index: number;
  letter: string;
}

/** Seat number -> where it sits; built once per section (memoised by the caller). */
export function indexSeats(rows: readonly SeatRow[]): Map<number, SeatPosition> {
  const positions = new Map<number, SeatPosition>();
  rows.forEach((row, r) => row.seats.forEach((seat, i) => positions.set(seat, { row: r, index: i, letter: row.letter })));
  return positions;
}

/**
 * Seat in `target` closest to seat `index` of `from`, as drawn: rows are centred, so a seat's
 * horizontal place is its offset from the middle of its row.
 */
export function nearestInRow(from: SeatRow, index: number, target: SeatRow): number | undefined {
  if (target.seats.length === 0) return undefined;
  const offset = index - (from.seats.length - 1) / 2;
  const j = Math.round(offset + (target.seats.length - 1) / 2);
  return target.seats[Math.min(target.seats.length - 1, Math.max(0, j))];
}

/** The next row in `step` direction that has seats, if any. */
function rowWithSeats(rows: readonly SeatRow[], start: number, step: 1 | -1): SeatRow | undefined {
  for (let r = start + step; r >= 0 && r < rows.length; r += step) {
    const row = rows[r];
    if (row && row.seats.length > 0) return row;
  }
  return undefined;
}

/**
 * Where a key press moves the focus in the seat grid (roving tabindex):
 * left/right within the row, up/down to the nearest seat of the previous/next row, Home/End to the
 * first/last seat of the row, Ctrl+Home/End to the first/last seat of the section.
 * Returns `undefined` for keys the grid does not handle, and the same seat at an edge.
 */
export function seatForKey(
  rows: readonly SeatRow[],
  positions: ReadonlyMap<number, SeatPosition>,
  seat: number,
  key: string,
  ctrlKey = false,
): number | undefined {
  const at = positions.get(seat);
  const row = at ? rows[at.row] : undefined;
  if (!at || !row) return undefined;
  switch (key) {
    case 'ArrowLeft':
      return row.seats[Math.max(0, at.index - 1)];
    case 'ArrowRight':
      return row.seats[Math.min(row.seats.length - 1, at.index + 1)];
    case 'ArrowUp': {
      const target = rowWithSeats(rows, at.row, -1);
      return target ? nearestInRow(row, at.index, target) : seat;
    }
    case 'ArrowDown': {
      const target = rowWithSeats(rows, at.row, 1);
      return target ? nearestInRow(row, at.index, target) : seat;
    }
    case 'Home':
      return ctrlKey ? (rowWithSeats(rows, -1, 1)?.seats[0] ?? seat) : row.seats[0];
    case 'End': {
      if (!ctrlKey) return row.seats[row.seats.length - 1];
      const last = rowWithSeats(rows, rows.length, -1);
      return last ? last.seats[last.seats.length - 1] : seat;
    }
    default:
      return undefined;
  }
}
