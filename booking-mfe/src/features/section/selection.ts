import { useCallback, useSyncExternalStore } from 'react';
import { seatName, seatNames } from '@sports/seating';
import type { SeatLayout } from '@sports/seating';
import { MAX_SEATS_PER_ORDER } from '../../shared/constants';

export interface SelectionState {
  /** The section's rows, so the notices name seats as the grid does ('B40'). */
  layout: SeatLayout;
  selected: ReadonlySet<number>;
  /** The last thing the grid has to tell the visitor (limit reached, seat reserved...), or null. */
  notice: string | null;
  /** The block How many seats? proposed, while the selection still holds it (drawn apart on the grid); else empty. */
  proposed: readonly number[];
}

export type SelectionAction =
  | { type: 'toggle'; seat: number; reserved: boolean }
  /** Booked seats arrived: drop them from the selection (a restored selection may hold some). */
  | { type: 'drop-booked'; booked: ReadonlySet<number>; announce: boolean }
  /** Best available: the block it found becomes the selection, or null when there is none. */
  | { type: 'choose-block'; seats: readonly number[] | null; count: number }
  /** The buyer's own hold in this section, once known: its seats are the selection unless the buyer already chose others. */
  | { type: 'adopt-hold'; seats: readonly number[] }
  | { type: 'clear' };

export const LIMIT_MESSAGE = `You can select up to ${MAX_SEATS_PER_ORDER} seats per order.`;

export function reservedMessage(name: string): string {
  return `Seat ${name} is already reserved. Please choose another seat.`;
}

export function noBlockMessage(count: number): string {
  return `No ${count} seats together are free in this section. Pick seats on the grid, or ask for fewer.`;
}

export function droppedMessage(names: readonly string[]): string {
  return names.length === 1
    ? `Seat ${names[0]} was booked by someone else and was removed from your selection.`
    : `Seats ${names.join(', ')} were booked by someone else and were removed from your selection.`;
}

/** Seats toggle on and off; reserved seats never join the selection; at most MAX_SEATS_PER_ORDER. */
export function selectionReducer(state: SelectionState, action: SelectionAction): SelectionState {
  const next = nextSelection(state, action);
  // A proposal stays drawn as one only while every one of its seats is still chosen.
  if (next.proposed.length > 0 && next.selected !== state.selected && !next.proposed.every((seat) => next.selected.has(seat))) return { ...next, proposed: [] };
  return next;
}

function nextSelection(state: SelectionState, action: SelectionAction): SelectionState {
  switch (action.type) {
    case 'toggle': {
      if (action.reserved) return { ...state, notice: reservedMessage(seatName(action.seat, state.layout)) };
      const selected = new Set(state.selected);
      if (selected.has(action.seat)) {
        selected.delete(action.seat);
        return { ...state, selected, notice: null };
      }
      if (selected.size >= MAX_SEATS_PER_ORDER) return { ...state, notice: LIMIT_MESSAGE };
      selected.add(action.seat);
      return { ...state, selected, notice: null };
    }
    case 'drop-booked': {
      const dropped = [...state.selected].filter((seat) => action.booked.has(seat)).sort((a, b) => a - b);
      if (dropped.length === 0) return state;
      const selected = new Set([...state.selected].filter((seat) => !action.booked.has(seat)));
      return { ...state, selected, notice: action.announce ? droppedMessage(seatNames(dropped, state.layout)) : state.notice };
    }
    case 'choose-block':
      if (!action.seats) return { ...state, notice: noBlockMessage(action.count) };
      return { ...state, selected: new Set(action.seats.slice(0, MAX_SEATS_PER_ORDER)), notice: null, proposed: action.seats.slice(0, MAX_SEATS_PER_ORDER) };
    case 'adopt-hold':
      if (state.selected.size > 0 || action.seats.length === 0) return state;
      return { ...state, selected: new Set(action.seats.slice(0, MAX_SEATS_PER_ORDER)), notice: null };
    case 'clear':
      return { ...state, selected: new Set(), notice: null, proposed: [] };
  }
}

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
