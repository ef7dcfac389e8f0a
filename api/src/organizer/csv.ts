// CSV a spreadsheet opens as intended (RFC 4180): UTF-8 with a byte order mark (so Excel reads
// the encoding), every field quoted with inner quotes doubled, CRLF line ends, and formula
// injection neutralised: a field starting with = + - @ tab or CR gets a leading apostrophe, so the
// spreadsheet shows it as text instead of evaluating it (OWASP "CSV Injection").
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = [header, ...rows].map((fields) => fields.map(csvField).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
