/**
 * The seats a visitor picked, per event and section, in sessionStorage: they survive the trip to
 * /login and back (PRODUCT §4) and a reload, and stay private to the tab.
 */
const PREFIX = 'booking:selection';

function key(eventId: number, sectionId: number): string {
  return `${PREFIX}:${eventId}:${sectionId}`;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage disabled by the browser's privacy settings.
    return null;
  }
}

/** The stored seats, as whole positive numbers without duplicates; [] when none or unreadable. */
export function readSelection(eventId: number, sectionId: number): number[] {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(key(eventId, sectionId)) ?? '[]');
    if (!Array.isArray(value)) return [];
    const seats = value.filter((n): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0);
    return [...new Set(seats)];
  } catch {
    return [];
  }
}

export function writeSelection(eventId: number, sectionId: number, seats: Iterable<number>): void {
  const list = [...seats].sort((a, b) => a - b);
  try {
    if (list.length === 0) storage()?.removeItem(key(eventId, sectionId));
    else storage()?.setItem(key(eventId, sectionId), JSON.stringify(list));
  } catch {
    // Quota or privacy mode: the selection just does not survive a reload.
  }
}

export function clearSelection(eventId: number, sectionId: number): void {
  writeSelection(eventId, sectionId, []);
}
