/** A fill rate as people read it: 99%, 99.3%, 99.95% kept to one decimal. */
export function fillText(rate: number): string {
  return `${String(Math.round(rate * 1000) / 10)}%`;
}

/** Whole dollars above $100, cents below. */
export function moneyText(dollars: number): string {
  return dollars >= 100 ? `$${Math.round(dollars).toLocaleString('en-US')}` : `$${dollars.toFixed(2)}`;
}
