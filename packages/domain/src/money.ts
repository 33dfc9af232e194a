/**
 * Money in one place. Amounts travel as dollars (numbers with two decimals on the wire, NUMERIC in
 * the database); arithmetic that must land on the cent goes through whole cents here, so every
 * module rounds the same way (half away from zero on the cent, as Math.round does for positives).
 */

/** Dollars -> whole cents: 12.345 -> 1235. Accepts the database's numeric strings. */
export function toCents(dollars: number | string): number {
  return Math.round(Number(dollars) * 100);
}

/** Whole cents -> dollars: 1235 -> 12.35. */
export function fromCents(cents: number): number {
  return cents / 100;
}

/** Dollars rounded to the cent: 12.345 -> 12.35. */
export function roundToCents(dollars: number | string): number {
  return fromCents(toCents(dollars));
}

/** Dollars of a quantity at a price (containers x price per container, units x unit price), to the cent. */
export function amountOf(quantity: number, price: number): number {
  return roundToCents(quantity * price);
}

/** Cents as dollars with two decimals: 18999 -> "$189.99". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** "150.99" (a NUMERIC as stored) -> 15099 cents, without touching a float. */
export function decimalToCents(value: string): number {
  const [whole = '0', fraction = ''] = value.trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}
