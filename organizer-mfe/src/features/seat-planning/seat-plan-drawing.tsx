import { memo } from 'react';

const SEAT = 10;
const GAP = 3;
const PITCH = SEAT + GAP;
const LABEL = 16;
const STAGE = 16;
const STAGE_GAP = 12;
/** Row letters, as the visitor's seat grid names rows. */
export const rowLetter = (row: number): string => String.fromCharCode(65 + row);

interface SeatPlanDrawingProps {
  rows: number;
  columns: number;
  /** Seat numbers (1..rows x columns, row by row) already held or sold. */
  taken: ReadonlySet<number>;
}

/**
 * The plan drawn to scale: every seat the same size, the stage as wide as the seat block, row
 * letters on the left. One SVG whose viewBox scales to the width it has, so a 26 x 50 plan still
 * fits a phone; a small plan is not blown up past a comfortable size.
 */
export const SeatPlanDrawing = memo(function SeatPlanDrawing({ rows, columns, taken }: SeatPlanDrawingProps) {
  const blockWidth = columns * PITCH - GAP;
  const width = LABEL + blockWidth;
  const height = STAGE + STAGE_GAP + rows * PITCH - GAP;
  const seats = [];
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < columns; c += 1) {
      const number = r * columns + c + 1;
      seats.push(<rect key={number} x={LABEL + c * PITCH} y={STAGE + STAGE_GAP + r * PITCH} width={SEAT} height={SEAT} rx={2} className={taken.has(number) ? 'org-plan__seat org-plan__seat--taken' : 'org-plan__seat'} />);
    }
  }
  const letters = [];
  for (let r = 0; r < rows; r += 1) {
    letters.push(
      <text key={r} x={LABEL / 2 - 1} y={STAGE + STAGE_GAP + r * PITCH + SEAT / 2} className="org-plan__row">
        {rowLetter(r)}
      </text>,
    );
  }
  const takenCount = [...taken].filter((n) => n <= rows * columns).length;
  return (
    <svg
      className="org-plan__svg"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={`Seat plan: the stage in front, then ${rows} ${rows === 1 ? 'row' : 'rows'} (A to ${rowLetter(rows - 1)}) of ${columns} ${columns === 1 ? 'seat' : 'seats'}, ${rows * columns} seats in all${takenCount ? `, ${takenCount} already held or sold` : ''}.`}
      style={{ maxWidth: `${Math.max(width * 3, 240)}px` }}
      preserveAspectRatio="xMidYMin meet"
    >
      <rect x={LABEL} y={0} width={blockWidth} height={STAGE} rx={3} className="org-plan__stage" />
      <text x={LABEL + blockWidth / 2} y={STAGE / 2} className="org-plan__stage-label">
        {blockWidth >= 40 ? 'STAGE' : 'S'}
      </text>
      {letters}
      {seats}
    </svg>
  );
});
