import { formatDate, formatDollars } from '../../../lib/format';

const compact = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });

/** Axis ticks: $1.2K fits a phone's axis; tooltips and tables keep the exact $1,234.50. */
export const axisDollars = (value: number) => compact.format(value);

/** 2026-11-05 -> 11-05: the year is in the range picker already. */
export const axisDay = (iso: string) => `${iso.slice(5, 7)}-${iso.slice(8, 10)}`;

/** Tooltips and labels on the bars give the exact amount and the full date. */
export const tooltipDollars = (value: number) => formatDollars(value);
export const tooltipDay = (iso: string | undefined) => formatDate(iso);

/** A long product name would take the whole axis on a phone; the tooltip and table show it in full. */
export const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
