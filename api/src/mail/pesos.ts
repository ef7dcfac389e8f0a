const pesos = new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP' });

/** An amount as mail writes it: ₱1,250.00. */
export function formatPesos(amount: number): string {
  return pesos.format(amount);
}
