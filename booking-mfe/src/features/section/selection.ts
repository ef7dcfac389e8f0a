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
