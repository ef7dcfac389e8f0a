import type { Section } from '@sports/contracts';

/** The colours a section button can take on the venue drawing (see seatmap.css). */
export type SectionTone = 'red' | 'blue' | 'green' | 'purple';

export type MapBox = Section['map'];

export interface PlacedSection {
  section: Section;
  tone: SectionTone;
  /** Where the button goes, in percent of the drawing. */
  box: MapBox;
}

/** The same box seen in a mirror down the middle of the venue: x -> 100 - x - width. */
export function mirrorBox(box: MapBox): MapBox {
  return { ...box, x: 100 - box.x - box.width };
}

/**
 * SPEC "Seat map" colours by event, as one pure rule: event 1 alternates red and blue (in section
 * order), event 2 is green and drawn mirrored, event 3 is purple, every other event is blue.
 * Sections are placed in id order, so the alternation never depends on the API's row order.
 */
export function placeSections(eventId: number, sections: readonly Section[]): PlacedSection[] {
  return [...sections]
    .sort((a, b) => a.id - b.id)
    .map((section, index) => {
      switch (eventId) {
        case 1:
          return { section, tone: index % 2 === 0 ? 'red' : 'blue', box: section.map };
        case 2:
          return { section, tone: 'green', box: mirrorBox(section.map) };
        case 3:
          return { section, tone: 'purple', box: section.map };
        default:
          return { section, tone: 'blue', box: section.map };
      }
    });
}
