// How the request's detail writes instants and dates: in Asia/Manila, where every event takes place.
const instant = new Intl.DateTimeFormat('en-PH', { timeZone: 'Asia/Manila', weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const day = new Intl.DateTimeFormat('en-PH', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });

/** An ISO instant as "Sat, Jun 7, 2031, 6:00 PM" (Manila time). */
export function formatInstant(iso: string): string {
  return instant.format(new Date(iso));
}

/** A calendar day (YYYY-MM-DD) as "Sat, Jun 7, 2031", the way the public event page writes it. */
export function formatDay(date: string): string {
  return day.format(new Date(`${date}T00:00:00Z`));
}
