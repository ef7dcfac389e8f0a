// Seat Planning (PRODUCT §5): rows x columns saved to one of the caller's events. Seats are
// numbered 1..rows x columns row by row; a plan that would drop a seat already held or sold on
// it is refused, naming the seats as the grid does (E46).
import { SEAT_PLAN_LIMITS } from '@sports/contracts';
import { seatLayoutOf, seatNames } from '@sports/seating';
import type { SeatPlan, SeatPlanRequest, SeatPlanResponse } from '@sports/contracts';
import { logAction } from '../audit/log-action';
import { AppError, notFound } from '../errors';
import { EVENT_MESSAGES, isPlannable } from './organizer-events.service';
import type { OrganizerDeps } from './organizer-events.service';
import * as repo from './seat-plan.repository';
import type { ArenaSeatsRow, PlanRow } from './seat-plan.repository';
import { replaceSectionPrices } from './event-pricing.repository';

export const PLAN_MESSAGES = {
  rejected: 'A rejected event cannot be planned.',
  started: 'This event has already started: its seat plan can no longer change.',
  cancelled: 'This event has been cancelled: its seat plan can no longer change.',
  /** `seats`: the held or sold seats, named with their section as the grid names them. */
  soldInArena: (seats: string) => `This event already has seats held or sold in the venue's sections (${seats}), so it keeps selling on them: it can no longer get a seat plan of its own.`,
  keepColumns: (columns: number) => `Seats are already held or sold on this plan, and a seat keeps its row and number: keep ${columns} columns (rows may change).`,
  /** `seats` of the saved plan, whose rows hold `columns` seats each. */
  dropsSeats: (seats: number[], columns: number) => `This plan would drop seats that are already held or sold: ${listSeats(seats, columns)}. Keep at least ${Math.max(...seats)} seats.`,
} as const;

const LISTED = 20;
function listSeats(seats: number[], columns: number): string {
  const shown = seatNames(seats.slice(0, LISTED), columns).join(', ');
  return seats.length > LISTED ? `${shown}, … (${seats.length} in all)` : shown;
}

/** The arena's held or sold seats as people read them: 'Upper Box D A3, A4; Lower Box A B7' (at most LISTED seats). */
function listArenaSeats(sections: readonly ArenaSeatsRow[]): string {
  const total = sections.reduce((n, s) => n + s.seats.length, 0);
  let room = LISTED;
  const parts: string[] = [];
  for (const s of sections) {
    if (room <= 0) break;
    parts.push(`${s.label} ${seatNames(s.seats.slice(0, room), seatLayoutOf({ capacity: s.capacity, level: s.level })).join(', ')}`);
    room -= s.seats.length;
  }
  return total > LISTED ? `${parts.join('; ')}, … (${total} in all)` : parts.join('; ');
}

const toPlan = (p: PlanRow): SeatPlan => ({ rows: p.seat_rows, columns: p.seat_columns, capacity: p.capacity, updatedAt: p.updated_at.toISOString() });

function answer(eventId: number, plan: PlanRow | null, heldOrSold: number[], plannable: boolean): Omit<SeatPlanResponse, 'success'> {
  return {
    eventId,
    plan: plan ? toPlan(plan) : null,
    defaults: { rows: SEAT_PLAN_LIMITS.defaultRows, columns: SEAT_PLAN_LIMITS.defaultColumns },
    limits: { min: SEAT_PLAN_LIMITS.min, maxRows: SEAT_PLAN_LIMITS.maxRows, maxColumns: SEAT_PLAN_LIMITS.maxColumns },
    heldOrSoldSeats: heldOrSold,
    plannable,
  };
}

export async function getSeatPlan(deps: OrganizerDeps, organizerId: number, eventId: number): Promise<Omit<SeatPlanResponse, 'success'>> {
  const now = deps.clock.now();
  const target = await repo.findPlanTarget(deps.db, organizerId, eventId, now, false);
  if (!target) throw notFound(EVENT_MESSAGES.notFound);
  const seats = await repo.findHeldOrSoldPlanSeats(deps.db, eventId, target.plan?.section_id ?? null, 0, now);
  return answer(eventId, target.plan, seats, isPlannable(target.status, target.started, target.cancelled));
}

/**
 * Apply Event. One transaction: lock the event and the booking locks of the sections it is sold on
 * (so no booking runs meanwhile), refuse a first plan for an event already selling on the arena's
 * sections, and on a plan with seats held or sold a change of columns or a capacity that drops one
 * of them; save the plan (its section follows), and record it in the audit trail
 * (`ip`: the caller's address).
 */
export async function applySeatPlan(deps: OrganizerDeps, organizerId: number, eventId: number, input: SeatPlanRequest, ip: string): Promise<Omit<SeatPlanResponse, 'success'>> {
  const now = deps.clock.now();
  return deps.db.withTransaction(async (tx) => {
    const target = await repo.findPlanTarget(tx, organizerId, eventId, now, true);
    if (!target) throw notFound(EVENT_MESSAGES.notFound);
    if (target.status === 'Rejected') throw new AppError(409, PLAN_MESSAGES.rejected);
    if (target.started) throw new AppError(409, PLAN_MESSAGES.started);
    if (target.cancelled) throw new AppError(409, PLAN_MESSAGES.cancelled);
    const sectionId = target.plan?.section_id ?? null;
    if (sectionId === null) {
      await repo.lockSections(tx, eventId, await repo.findArenaSectionIds(tx));
      const sold = await repo.findHeldOrSoldArenaSeats(tx, eventId, now);
      if (sold.length > 0) throw new AppError(409, PLAN_MESSAGES.soldInArena(listArenaSeats(sold)));
    } else {
      await repo.lockSections(tx, eventId, [sectionId]);
      const columns = target.plan?.seat_columns;
      const dropped = await repo.findHeldOrSoldPlanSeats(tx, eventId, sectionId, input.rows * input.columns, now);
      if (dropped.length) throw new AppError(409, PLAN_MESSAGES.dropsSeats(dropped, columns ?? input.columns));
      if (columns !== undefined && columns !== input.columns && (await repo.findHeldOrSoldPlanSeats(tx, eventId, sectionId, 0, now)).length) {
        throw new AppError(409, PLAN_MESSAGES.keepColumns(columns));
      }
    }
    const plan = await repo.upsertPlan(tx, eventId, input.rows, input.columns, organizerId, now);
    // An event with its own seat plan has one price (events.price, the lowest section price it had).
    await replaceSectionPrices(tx, eventId, null);
    await logAction(tx, {
      at: now,
      actorId: organizerId,
      action: 'seat_plan.applied',
      subject: { eventId },
      ip,
      data: { before: target.plan ? { rows: target.plan.seat_rows, columns: target.plan.seat_columns } : null, after: { rows: input.rows, columns: input.columns } },
    });
    return answer(eventId, plan, await repo.findHeldOrSoldPlanSeats(tx, eventId, sectionId, 0, now), true);
  });
}
