import { sectionRows } from '@sports/seating';
import { indexSeats, nearestInRow, seatForKey } from '../src/features/section/seat-navigation';
import type { SelectionState } from '../src/features/section/selection';
import { LIMIT_MESSAGE, selectionReducer } from '../src/features/section/selection';

const rows = sectionRows(183, 'upper'); // A-C: 31 seats, D-F: 30 seats
const positions = indexSeats(rows);
const move = (seat: number, key: string, ctrl = false) => seatForKey(rows, positions, seat, key, ctrl);

test('left and right stay within the row', () => {
  expect(move(1, 'ArrowRight')).toBe(2);
  expect(move(2, 'ArrowLeft')).toBe(1);
  expect(move(1, 'ArrowLeft')).toBe(1);
  expect(move(31, 'ArrowRight')).toBe(31);
  expect(move(32, 'ArrowLeft')).toBe(32);
});

test('up and down go to the nearest seat of the next row, as drawn (rows centred)', () => {
  expect(move(1, 'ArrowDown')).toBe(32);
  expect(move(32, 'ArrowUp')).toBe(1);
  // Row C (31 seats, 63..93) down to row D (30 seats, 94..123): the middle seat 78 sits between 108 and 109.
  expect(move(78, 'ArrowDown')).toBe(109);
  expect(move(93, 'ArrowDown')).toBe(123);
  expect(move(1, 'ArrowUp')).toBe(1);
  expect(move(183, 'ArrowDown')).toBe(183);
});

test('Home and End go to the ends of the row; with Ctrl to the ends of the section', () => {
  expect(move(40, 'Home')).toBe(32);
  expect(move(40, 'End')).toBe(62);
  expect(move(40, 'Home', true)).toBe(1);
  expect(move(40, 'End', true)).toBe(183);
});

test('other keys are not handled', () => {
  expect(move(40, 'a')).toBeUndefined();
  expect(move(40, 'Enter')).toBeUndefined();
  expect(move(999, 'ArrowLeft')).toBeUndefined();
});

test('nearestInRow clamps to the target row', () => {
  expect(nearestInRow({ letter: 'A', seats: [1, 2, 3, 4, 5] }, 4, { letter: 'B', seats: [6, 7] })).toBe(7);
  expect(nearestInRow({ letter: 'A', seats: [1, 2] }, 0, { letter: 'B', seats: [] })).toBeUndefined();
});

test('the selection reducer toggles, refuses reserved seats and stops at 10', () => {
  // Rows of 30: seat 50 is B50.
  let state: SelectionState = { layout: 30, selected: new Set<number>(), notice: null, proposed: [] };
  for (let seat = 1; seat <= 10; seat += 1) state = selectionReducer(state, { type: 'toggle', seat, reserved: false });
  expect(state.selected.size).toBe(10);
  state = selectionReducer(state, { type: 'toggle', seat: 11, reserved: false });
  expect(state.selected.has(11)).toBe(false);
  expect(state.notice).toBe(LIMIT_MESSAGE);
  state = selectionReducer(state, { type: 'toggle', seat: 3, reserved: false });
  expect(state.selected.has(3)).toBe(false);
  expect(state.notice).toBeNull();
  state = selectionReducer(state, { type: 'toggle', seat: 50, reserved: true });
  expect(state.selected.has(50)).toBe(false);
  expect(state.notice).toBe('Seat B50 is already reserved. Please choose another seat.');
  state = selectionReducer(state, { type: 'drop-booked', booked: new Set([1, 2]), announce: true });
  expect([...state.selected]).toEqual([4, 5, 6, 7, 8, 9, 10]);
  expect(state.notice).toBe('Seats A1, A2 were booked by someone else and were removed from your selection.');
});
