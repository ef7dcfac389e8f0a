import { createSelectionStore } from '../src/features/section/selection-store';

const fresh = () => createSelectionStore({ layout: 30, selected: new Set<number>(), notice: null, proposed: [] });

test('a proposal stays one while all its seats are chosen: another seat joins it, a seat tapped off ends it', () => {
  const store = fresh();
  store.dispatch({ type: 'choose-block', seats: [3, 4, 5], count: 3 });
  expect(store.get().proposed).toEqual([3, 4, 5]);
  store.dispatch({ type: 'toggle', seat: 9, reserved: false });
  expect(store.get().proposed).toEqual([3, 4, 5]);
  store.dispatch({ type: 'toggle', seat: 25, reserved: true });
  expect(store.get().proposed).toEqual([3, 4, 5]);
  store.dispatch({ type: 'toggle', seat: 4, reserved: false });
  expect(store.get().proposed).toEqual([]);
  expect([...store.get().selected].sort((a, b) => a - b)).toEqual([3, 5, 9]);
});

test('a tap tells only the seat it changed; a proposal tells each seat whose part changed', () => {
  const store = fresh();
  const told: number[] = [];
  for (let seat = 1; seat <= 10; seat += 1) store.subscribeSeat(seat, () => told.push(seat));
  let everyone = 0;
  store.subscribe(() => {
    everyone += 1;
  });
  store.dispatch({ type: 'toggle', seat: 5, reserved: false });
  expect(told).toEqual([5]);
  told.length = 0;
  // 5 stays chosen but becomes part of the proposal; 6 and 7 join.
  store.dispatch({ type: 'choose-block', seats: [5, 6, 7], count: 3 });
  expect(told.sort((a, b) => a - b)).toEqual([5, 6, 7]);
  told.length = 0;
  store.dispatch({ type: 'toggle', seat: 30, reserved: true });
  expect(told).toEqual([]);
  expect(everyone).toBe(3);
});

test('afterPaint runs what was asked before the next frame once it is painted, in one task', () => {
  jest.useFakeTimers();
  try {
    const store = fresh();
    const ran: string[] = [];
    store.afterPaint(() => ran.push('summary'));
    store.afterPaint(() => ran.push('tab stop'));
    expect(ran).toEqual([]);
    jest.advanceTimersByTime(40);
    expect(ran).toEqual(['summary', 'tab stop']);
    store.afterPaint(() => ran.push('again'));
    jest.advanceTimersByTime(40);
    expect(ran).toEqual(['summary', 'tab stop', 'again']);
  } finally {
    jest.useRealTimers();
  }
});
