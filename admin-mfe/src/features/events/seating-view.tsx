import type { EventSeating } from '@sports/contracts';
import { plural } from '../../shared/format';

/** Row letters of a plan: A, B, C, … (a plan has at most 26 rows). */
const rowLetter = (index: number): string => String.fromCharCode(65 + index);

/** An event's own plan drawn as rows x columns of seats in front of the stage, as Seat Planning drew it. */
function PlanGrid({ rows, columns, capacity }: { rows: number; columns: number; capacity: number }) {
  return (
    <figure className="adm-plan">
      <div className="adm-plan__stage" aria-hidden="true">
        Stage
      </div>
      <div
        className="adm-plan__grid"
        role="img"
        aria-label={`Seat plan: ${plural(rows, 'row', 'rows')} (A to ${rowLetter(rows - 1)}) of ${plural(columns, 'seat', 'seats')}, ${plural(capacity, 'seat', 'seats')} in all`}
        style={{ gridTemplateColumns: `auto repeat(${columns}, 0.75rem)` }}
      >
        {Array.from({ length: rows }, (_, r) => [
          <span key={`row-${r}`} className="adm-plan__row" aria-hidden="true">
            {rowLetter(r)}
          </span>,
          ...Array.from({ length: columns }, (_, c) => <span key={`${r}-${c}`} className="adm-plan__seat" aria-hidden="true" />),
        ])}
      </div>
      <figcaption>
        {plural(rows, 'row', 'rows')} × {plural(columns, 'column', 'columns')} = {plural(capacity, 'seat', 'seats')}
      </figcaption>
    </figure>
  );
}

/** A section's name on its block of the drawing, short enough to fit: "Lower Box A" reads "LB A". */
function sectionMark(label: string): string {
  const words = label.split(/\s+/).filter(Boolean);
  const last = words.at(-1) ?? '';
  const initials = words.slice(0, -1).map((w) => w[0]?.toUpperCase() ?? '').join('');
  return initials ? `${initials} ${last}` : last;
}

/** The venue's sections where the event has no plan of its own: on the venue drawing (each block named), and as a list. */
function VenueSections({ seating }: { seating: EventSeating }) {
  return (
    <figure className="adm-venue">
      <div className="adm-venue__map" aria-hidden="true">
        {seating.sections.map((s) => (
          <span
            key={s.id}
            className={`adm-venue__section adm-venue__section--${s.level}`}
            style={{ left: `${s.map.x}%`, top: `${s.map.y}%`, width: `${s.map.width}%`, height: `${s.map.height}%` }}
            title={`${s.label}: ${s.capacity} seats`}
          >
            {sectionMark(s.label)}
          </span>
        ))}
      </div>
      <figcaption>The venue&apos;s {plural(seating.sections.length, 'section', 'sections')}, {plural(seating.capacity, 'seat', 'seats')} in all</figcaption>
      <ul className="adm-venue__list">
        {seating.sections.map((s) => (
          <li key={s.id}>
            {s.label}: {plural(s.capacity, 'seat', 'seats')}
          </li>
        ))}
      </ul>
    </figure>
  );
}

/** The seats a request is sold on: its own plan as a grid, or the venue's sections. */
export function SeatingView({ seating }: { seating: EventSeating }) {
  return seating.plan ? <PlanGrid rows={seating.plan.rows} columns={seating.plan.columns} capacity={seating.capacity} /> : <VenueSections seating={seating} />;
}
