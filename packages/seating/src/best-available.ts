import type { SeatRow } from './seat-names';

/**
 * Free seats on either side of a block, up to the next taken seat or the row's end. A gap of
 * exactly one is a stranded single: nobody buying two or more can use it.
 */
function gapsAround(seats: readonly number[], start: number, end: number, taken: ReadonlySet<number>): [number, number] {
  let left = 0;
  for (let i = start - 1; i >= 0 && !taken.has(seats[i] as number); i -= 1) left += 1;
  let right = 0;
  for (let i = end + 1; i < seats.length && !taken.has(seats[i] as number); i += 1) right += 1;
  return [left, right];
}

/** A block of adjacent free seats and how good it is: [stranded singles beside it, row, distance from the row's middle]; lower is better. */
export interface ScoredBlock {
  seats: number[];
  score: [stranded: number, row: number, offCentre: number];
}

/**
 * The best block of `count` adjacent free seats in one row, with its score: a block that strands
 * a single empty seat beside it is chosen only when no other block exists; then rows nearer the
 * stage (earlier letters) win, then blocks nearer the middle of their row. null when no row has
 * that many adjacent free seats.
 */
export function bestBlock(rows: readonly SeatRow[], taken: ReadonlySet<number>, count: number): ScoredBlock | null {
  if (!Number.isInteger(count) || count < 1) return null;
  let best: ScoredBlock | null = null;
  rows.forEach((row, r) => {
    const { seats } = row;
    const middle = (seats.length - 1) / 2;
    for (let start = 0; start + count <= seats.length; start += 1) {
      const end = start + count - 1;
      const block = seats.slice(start, end + 1);
      if (block.some((seat) => taken.has(seat))) continue;
      const stranded = gapsAround(seats, start, end, taken).filter((gap) => gap === 1).length;
      const score: ScoredBlock['score'] = [stranded, r, Math.abs((start + end) / 2 - middle)];
      if (!best || compareScores(score, best.score) < 0) best = { seats: block, score };
    }
  });
  return best;
}

/** "Best available": the seats of bestBlock, or null. */
export function bestAvailable(rows: readonly SeatRow[], taken: ReadonlySet<number>, count: number): number[] | null {
  return bestBlock(rows, taken, count)?.seats ?? null;
}

/** Negative when score `a` is better (lower, compared element by element) than `b`. */
function compareScores(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  return 0;
}
