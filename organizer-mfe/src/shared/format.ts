/** A count with its noun: 1 seat, 3 seats. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-PH')} ${count === 1 ? one : many}`;
}

/** An ISO instant as a date and time in Manila: Feb 15, 2099, 6:05 PM. */
export function formatManilaDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-PH', { timeZone: 'Asia/Manila', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** Pesos with centavos: ₱1,234.50. */
export function formatPesos(amount: number): string {
  return `₱${amount.toLocaleString('en-PH', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
