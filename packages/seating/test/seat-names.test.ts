import { rowOfSeat, seatLayoutOf, seatName, seatNames, sectionLayout, sectionRows } from '../src';

describe('seatName: the row letter the grid shows, then the seat number', () => {
  it('names every seat of every SPEC section as its grid row does', () => {
    for (const [capacity, level] of [[183, 'upper'], [96, 'upper'], [250, 'upper'], [150, 'lower'], [163, 'lower'], [7, 'lower']] as const) {
      const layout = sectionLayout(capacity, level);
      for (const row of sectionRows(capacity, level)) {
        for (const seat of row.seats) {
          expect(seatName(seat, layout)).toBe(`${row.letter}${seat}`);
          expect(rowOfSeat(seat, capacity, level)).toBe(row.letter);
        }
      }
    }
  });

  it('Upper Box D (183 = 31 + 31 + 31 + 30 + 30 + 30): the uneven rows are followed', () => {
    const layout = sectionLayout(183, 'upper');
    expect(layout).toEqual([31, 31, 31, 30, 30, 30]);
    expect(seatNames([3, 4, 31, 32, 93, 94, 123, 124, 183], layout)).toEqual(['A3', 'A4', 'A31', 'B32', 'C93', 'D94', 'D123', 'E124', 'F183']);
  });

  it('a seat plan of rows x columns: one number is the seats of every row', () => {
    expect(seatNames([1, 10, 11, 60], 10)).toEqual(['A1', 'A10', 'B11', 'F60']);
    // A plan of 3 rows of 20 in a section whose level alone would give 6 rows of 10.
    expect(seatLayoutOf({ capacity: 60, level: 'upper', rows: 3 })).toEqual([20, 20, 20]);
    expect(seatNames([20, 21], seatLayoutOf({ capacity: 60, level: 'upper', rows: 3 }))).toEqual(['A20', 'B21']);
    expect(seatLayoutOf({ capacity: 60, level: 'upper', rows: null })).toEqual([10, 10, 10, 10, 10, 10]);
    // Past Z (only in made-up layouts): AA, AB…
    expect(seatName(27, 1)).toBe('AA27');
  });

  it('a seat the layout does not have keeps its number', () => {
    expect(seatNames([0, 184, 1.5], sectionLayout(183, 'upper'))).toEqual(['0', '184', '1.5']);
    expect(seatName(5, 0)).toBe('5');
  });
});
