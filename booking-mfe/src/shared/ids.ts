/** A positive integer id from the URL (no sign, no leading zero, fits PostgreSQL's int), or null. */
export function parsePositiveId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}
