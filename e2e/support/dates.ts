/** MM-DD-YYYY hh:mm am|pm in Manila (as Create Event takes dates), `days` from now at `hour` (24 h). */
export function manilaText(days: number, hour: number): string {
  const local = new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())}-${local.getUTCFullYear()} ${two(hour % 12 === 0 ? 12 : hour % 12)}:00 ${hour < 12 ? 'am' : 'pm'}`;
}
