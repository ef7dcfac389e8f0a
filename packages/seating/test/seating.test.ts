import { isSeatInSection, rowCount, rowOfSeat, sectionRows } from '../src';

/** SPEC §9: the 13 sections and their capacities. */
const SECTIONS: Array<[string, number]> = [
  ['Upper Box D', 183],
  ['Upper Box DE', 96],
  ['Upper Box E', 183],
  ['Lower Box F', 186],
  ['Upper Box F', 250],
  ['Lower Box A', 150],
  ['Upper Box A', 182],
  ['Upper Box AB', 92],
  ['Lower Box B', 90],
  ['Upper Box B', 184],
  ['Lower Box C', 171],
  ['Upper Box C', 250],
  ['Lower Box D', 163],
];

describe('sectionRows (SPEC §9 layout rule)', () => {
  it.each(SECTIONS)('%s (%i seats)', (label, capacity) => {
    const level = label.startsWith('Upper') ? 'upper' : 'lower';
    const rows = sectionRows(capacity, level);
    // 6 rows for upper sections, 5 for lower, lettered from A.
    expect(rows.map((row) => row.letter)).toEqual(['A', 'B', 'C', 'D', 'E', 'F'].slice(0, level === 'upper' ? 6 : 5));
    // As even as possible: sizes differ by at most one, and earlier rows get the extra seat.
    const sizes = rows.map((row) => row.seats.length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    expect([...sizes].sort((a, b) => b - a)).toEqual(sizes);
    // Numbered continuously across rows, 1..capacity.
    expect(rows.flatMap((row) => row.seats)).toEqual(Array.from({ length: capacity }, (_, i) => i + 1));
  });

  it('gives the worked example exactly: 183 upper seats are 31, 31, 31, 30, 30, 30', () => {
    const rows = sectionRows(183, 'upper');
    expect(rows.map((row) => row.seats.length)).toEqual([31, 31, 31, 30, 30, 30]);
    expect(rows[1]?.seats[0]).toBe(32);
    expect(rows[5]?.seats.at(-1)).toBe(183);
  });

  it('counts rows by level and rejects impossible capacities', () => {
    expect(rowCount('upper')).toBe(6);
    expect(rowCount('lower')).toBe(5);
    expect(() => sectionRows(-1, 'upper')).toThrow(RangeError);
    expect(() => sectionRows(1.5, 'lower')).toThrow(RangeError);
  });

  it('places seats in rows and refuses seats outside the section', () => {
    expect(rowOfSeat(40, 183, 'upper')).toBe('B');
    expect(rowOfSeat(150, 150, 'lower')).toBe('E');
    expect(rowOfSeat(0, 150, 'lower')).toBeUndefined();
    expect(rowOfSeat(151, 150, 'lower')).toBeUndefined();
    expect(isSeatInSection(2.5, 150)).toBe(false);
    expect(isSeatInSection(1, 150)).toBe(true);
  });
});

describe('a seat plan of its own (rows x columns)', () => {
  it('lays out the given number of rows, every one `columns` seats long', () => {
    const rows = sectionRows(40, 5);
    expect(rows.map((r) => [r.letter, r.seats[0], r.seats.length])).toEqual([
      ['A', 1, 8],
      ['B', 9, 8],
      ['C', 17, 8],
      ['D', 25, 8],
      ['E', 33, 8],
    ]);
    expect(rowOfSeat(9, 40, 5)).toBe('B');
    expect(rowOfSeat(41, 40, 5)).toBeUndefined();
    expect(() => sectionRows(40, 0)).toThrow(RangeError);
  });
});
