import { bestBlock } from './best-available';
import type { ScoredBlock } from './best-available';
import type { SeatRow } from './seat-names';

export interface VenueSection {
  rows: readonly SeatRow[];
  taken: ReadonlySet<number>;
}

/**
 * "How many seats?" across the venue: the best block of `count` adjacent free seats over
 * `sections`, given in venue order (best first). Fewer stranded single seats beside the block
 * win first, whichever section it is in (a block that strands none beats any that does); then
 * the earlier section; then bestAvailable's own order inside it (nearer the stage, nearer the
 * middle). `index` is the section's position in `sections`; null when no section has that
 * many adjacent free seats.
 */
export function bestAvailableAcross(sections: readonly VenueSection[], count: number): { index: number; seats: number[] } | null {
  let best: { index: number; block: ScoredBlock } | null = null;
  sections.forEach((section, index) => {
    const block = bestBlock(section.rows, section.taken, count);
    // Sections come best first, so a later one wins only by stranding fewer seats.
    if (block && (!best || block.score[0] < best.block.score[0])) best = { index, block };
  });
  if (!best) return null;
  const { index, block } = best as { index: number; block: ScoredBlock };
  return { index, seats: block.seats };
}
