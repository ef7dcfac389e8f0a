// How an event's date and time read everywhere (Manila time): 2026-05-01 and 7:30 PM; no time
// when the event has none. SQL over an events row, optionally named by a table alias.
const column = (alias: string | undefined, name: string): string => (alias ? `${alias}.${name}` : name);

export function eventDateSql(alias?: string): string {
  return `to_char(${column(alias, 'starts_at')} AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD')`;
}

export function eventTimeSql(alias?: string): string {
  return `CASE WHEN ${column(alias, 'has_time')} THEN to_char(${column(alias, 'starts_at')} AT TIME ZONE 'Asia/Manila', 'FMHH12:MI AM') END`;
}
