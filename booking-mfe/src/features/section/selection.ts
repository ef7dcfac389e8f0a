import { MAX_SEATS_PER_ORDER } from '../../shared/constants';
import { formatSeatList } from '../../shared/format';

export interface SelectionState {
  selected: ReadonlySet<number>;
  /** The last thing the grid has to tell the visitor (limit reached, seat reserved...), or null. */
  notice: string | null;
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

export function reservedMessage(seat: number): string {
  return `Seat ${seat} is already reserved. Please choose another seat.`;
}

export function noBlockMessage(count: number): string {
  return `No ${count} seats together are free in this section. Pick seats on the grid, or ask for fewer.`;
}

export function droppedMessage(seats: readonly number[]): string {
  return seats.length === 1
    ? `Seat ${seats[0]} was booked by someone else and was removed from your selection.`
    : `Seats ${formatSeatList(seats)} were booked by someone else and were removed from your selection.`;
}

/** Seats toggle on and off; reserved seats never join the selection; at most MAX_SEATS_PER_ORDER. */
export function selectionReducer(state: SelectionState, action: SelectionAction): SelectionState {
  switch (action.type) {
    case 'toggle': {
      if (action.reserved) return { ...state, notice: reservedMessage(action.seat) };
      const selected = new Set(state.selected);
      if (selected.has(action.seat)) {
        selected.delete(action.seat);
        return { selected, notice: null };
      }
      if (selected.size >= MAX_SEATS_PER_ORDER) return { ...state, notice: LIMIT_MESSAGE };
      selected.add(action.seat);
      return { selected, notice: null };
    }
    case 'drop-booked': {
      const dropped = [...state.selected].filter((seat) => action.booked.has(seat)).sort((a, b) => a - b);
      if (dropped.length === 0) return state;
      const selected = new Set([...state.selected].filter((seat) => !action.booked.has(seat)));
      return { selected, notice: action.announce ? droppedMessage(dropped) : state.notice };
    }
    case 'choose-block':
      if (!action.seats) return { ...state, notice: noBlockMessage(action.count) };
      return { selected: new Set(action.seats.slice(0, MAX_SEATS_PER_ORDER)), notice: null };
    case 'adopt-hold':
      if (state.selected.size > 0 || action.seats.length === 0) return state;
      return { selected: new Set(action.seats.slice(0, MAX_SEATS_PER_ORDER)), notice: null };
    case 'clear':
      return { selected: new Set(), notice: null };
  }
}
