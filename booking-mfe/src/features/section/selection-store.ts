import { useCallback, useSyncExternalStore } from 'react';
import type { SelectionAction, SelectionState } from './selection';
import { selectionReducer } from './selection';

/** A seat's part of the selection: 0 not chosen, 1 chosen, 2 chosen as part of a proposal. */
export function seatChoice(state: SelectionState, seat: number): 0 | 1 | 2 {
  if (!state.selected.has(seat)) return 0;
  return state.proposed.includes(seat) ? 2 : 1;
}

/** The seats whose seatChoice differs between two states. */
function changedSeats(before: SelectionState, after: SelectionState): Set<number> {
  const changed = new Set<number>();
  for (const seat of [...before.selected, ...after.selected, ...before.proposed, ...after.proposed]) {
    if (seatChoice(before, seat) !== seatChoice(after, seat)) changed.add(seat);
  }
  return changed;
}

/**
 * The selection outside React's tree, so a tap re-renders only what shows it: each seat listens to
 * its own part (subscribeSeat: a tap tells one seat), the summary and the notice to theirs, and the
 * page around them does not render again.
 */
export interface SelectionStore {
  get(): SelectionState;
  dispatch(action: SelectionAction): void;
  subscribe(listener: () => void): () => void;
  /** Told only when `seat`'s part of the selection (seatChoice) changes. */
  subscribeSeat(seat: number, listener: () => void): () => void;
  /**
   * Runs `fn` once the next frame is painted, in one task with everything else asked for before it:
   * for what the screen can show a frame after the tapped seat.
   */
  afterPaint(fn: () => void): void;
}

export function createSelectionStore(initial: SelectionState): SelectionStore {
  let state = initial;
  const listeners = new Set<() => void>();
  const seatListeners = new Map<number, Set<() => void>>();
  let later: (() => void)[] = [];
  return {
    afterPaint(fn) {
      later.push(fn);
      if (later.length > 1) return;
      requestAnimationFrame(() =>
        setTimeout(() => {
          const due = later;
          later = [];
          for (const run of due) run();
        }, 0),
      );
    },
    get: () => state,
    dispatch(action) {
      const next = selectionReducer(state, action);
      if (next === state) return;
      const before = state;
      state = next;
      for (const seat of changedSeats(before, next)) seatListeners.get(seat)?.forEach((listener) => listener());
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    subscribeSeat(seat, listener) {
      const forSeat = seatListeners.get(seat) ?? new Set();
      seatListeners.set(seat, forSeat);
      forSeat.add(listener);
      return () => forSeat.delete(listener);
    },
  };
}

/** The part `pick` takes of the selection; the caller renders again only when that part changes (by ===). */
export function useSelection<T>(store: SelectionStore, pick: (state: SelectionState) => T): T {
  return useSyncExternalStore(store.subscribe, () => pick(store.get()));
}

/**
 * useSelection for what may follow a frame later (the summary's words and total): a tap's own frame
 * then shows the seat alone, and the summary catches up in the next.
 */
export function useSelectionAfterPaint<T>(store: SelectionStore, pick: (state: SelectionState) => T): T {
  const subscribe = useCallback((notify: () => void) => store.subscribe(() => store.afterPaint(notify)), [store]);
  return useSyncExternalStore(subscribe, () => pick(store.get()));
}
