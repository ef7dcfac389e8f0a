/**
 * An address in one line from its parts, largest last: empty parts are left out, and so is a part
 * that repeats the one before it. A province-level city is its own province in the Philippine
 * Standard Geographic Code ("Quezon City, Quezon City" reads "Quezon City").
 */
export function placeLine(parts: ReadonlyArray<string | null | undefined>): string {
  const kept: string[] = [];
  for (const part of parts) {
    const text = part?.trim();
    if (!text) continue;
    if (kept.length > 0 && kept[kept.length - 1]?.toLocaleLowerCase('en-PH') === text.toLocaleLowerCase('en-PH')) continue;
    kept.push(text);
  }
  return kept.join(', ');
}
