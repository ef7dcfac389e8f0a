const counts = new Intl.NumberFormat('en-US');

/** 1244 -> "1,244". */
export function formatCount(n: number): string {
  return counts.format(n);
}

/** "1 pending inquiry", "3 pending inquiries": the noun as given for one, `plural` otherwise. */
export function plural(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** Pesos with centavos: ₱1,234.50. */
export function formatPesos(amount: number): string {
  return `₱${amount.toLocaleString('en-PH', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
