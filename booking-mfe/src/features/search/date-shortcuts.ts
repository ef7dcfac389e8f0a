// The search's date shortcuts (Today, This weekend, This month) as from/to days of the complex's
// calendar: Asia/Manila, UTC+8 all year (no daylight saving), whatever the visitor's own zone.
const MANILA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

export const DATE_SHORTCUTS = [
  { id: 'today', label: 'Today' },
  { id: 'weekend', label: 'This weekend' },
  { id: 'month', label: 'This month' },
] as const;
export type DateShortcut = (typeof DATE_SHORTCUTS)[number]['id'];

export interface DayRange {
  /** YYYY-MM-DD, Manila days, both included. */
  from: string;
  to: string;
}

/** The Manila calendar day `days` after the one `now` falls on, as YYYY-MM-DD, and its weekday (0 Sunday). */
function manilaDay(now: Date, days = 0): { day: string; weekday: number; date: Date } {
  const date = new Date(now.getTime() + MANILA_OFFSET_MS + days * DAY_MS);
  return { day: date.toISOString().slice(0, 10), weekday: date.getUTCDay(), date };
}

/** Today in Manila, as YYYY-MM-DD. */
export function manilaToday(now: Date = new Date()): string {
  return manilaDay(now).day;
}

/**
 * The days a shortcut means at `now`. This weekend: the coming Saturday and Sunday, or the rest of
 * the weekend when it is one (Saturday: today and tomorrow; Sunday: today). This month: today to
 * the month's last day.
 */
export function shortcutRange(shortcut: DateShortcut, now: Date = new Date()): DayRange {
  const today = manilaDay(now);
  switch (shortcut) {
    case 'today':
      return { from: today.day, to: today.day };
    case 'weekend': {
      if (today.weekday === 0) return { from: today.day, to: today.day };
      const saturday = manilaDay(now, 6 - today.weekday);
      return { from: saturday.day, to: manilaDay(now, 7 - today.weekday).day };
    }
    case 'month': {
      const { date } = today;
      const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0));
      return { from: today.day, to: last.toISOString().slice(0, 10) };
    }
  }
}

/** The shortcut whose days are exactly from..to at `now`, if one is (to show it as chosen). */
export function shortcutOf(range: Partial<DayRange>, now: Date = new Date()): DateShortcut | null {
  for (const { id } of DATE_SHORTCUTS) {
    const days = shortcutRange(id, now);
    if (days.from === range.from && days.to === range.to) return id;
  }
  return null;
}
