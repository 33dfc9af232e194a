import type { ExpenseByDay, ExpenseByTreatment, MostUsedProducts, StocksAboutToExpire, TopSuppliers, WasteReport } from '@clinic/domain';
import type { ReportColumn } from './report-table';

export type ExpenseDay = ExpenseByDay['results'][number];
/** A treatment's row, or (`manual`) the stock used by hand outside any visit. */
export type TreatmentExpense = ExpenseByTreatment['results'][number] & { manual?: true };
export type ProductUse = MostUsedProducts['results'][number];
export type SupplierSpend = TopSuppliers['results'][number];
export type WasteDay = WasteReport['results'][number];
export type ExpiringStock = StocksAboutToExpire['results'][number];

/** Products used at the chair outside any designed tray carry no treatment. */
export const ADDED_AT_THE_CHAIR = 'Added at the chair';
export const NO_SUPPLIER = 'No supplier';
/** Record consumption outside a visit: part of Usage cost that no treatment explains. */
export const MANUAL_USE = 'Manual use (outside visits)';

export const treatmentLabel = (row: TreatmentExpense) => (row.manual ? MANUAL_USE : row.treatment ? `${row.treatment.treatment_code} · ${row.treatment.name}` : ADDED_AT_THE_CHAIR);

/** The treatments' rows with manual use as one more row, in cost order, so the rows add up to Usage cost. */
export function treatmentExpenseRows(report: ExpenseByTreatment): TreatmentExpense[] {
  if (report.manual_use_cost <= 0) return report.results;
  const manual: TreatmentExpense = { treatment: null, performed: 0, cost: report.manual_use_cost, manual: true };
  return [...report.results, manual].sort((a, b) => b.cost - a.cost);
}
export const treatmentExpenseKey = (row: TreatmentExpense) => (row.manual ? 'manual' : (row.treatment?.id ?? 'chair'));
export const supplierLabel = (row: SupplierSpend) => row.supplier?.name ?? NO_SUPPLIER;

export const EXPENSE_BY_DAY_COLUMNS: ReportColumn<ExpenseDay>[] = [
  { label: 'Date', kind: 'date', value: (r) => r.date },
  { label: 'Spend', kind: 'money', value: (r) => r.spend },
  { label: 'Usage cost', kind: 'money', value: (r) => r.usage_cost },
];

export const EXPENSE_BY_TREATMENT_COLUMNS: ReportColumn<TreatmentExpense>[] = [
  { label: 'Treatment', kind: 'text', value: treatmentLabel },
  { label: 'Performed', kind: 'number', value: (r) => r.performed },
  { label: 'Cost', kind: 'money', value: (r) => r.cost },
];

export const MOST_USED_PRODUCTS_COLUMNS: ReportColumn<ProductUse>[] = [
  { label: 'Product', kind: 'text', value: (r) => r.product.name, href: (r) => `/products/${r.product.id}` },
  { label: 'Units used', kind: 'number', value: (r) => r.units_used },
  { label: 'Usage cost', kind: 'money', value: (r) => r.usage_cost },
];

export const TOP_SUPPLIERS_COLUMNS: ReportColumn<SupplierSpend>[] = [
  { label: 'Supplier', kind: 'text', value: supplierLabel },
  { label: 'Spend', kind: 'money', value: (r) => r.spend },
];

const EXPIRING_STOCK_COLUMNS: ReportColumn<ExpiringStock>[] = [
  { label: 'Product', kind: 'text', value: (r) => r.product.name, href: (r) => `/products/${r.product.id}` },
  { label: 'Location', kind: 'text', value: (r) => r.location.name },
  { label: 'Lot', kind: 'text', value: (r) => r.lotNumber },
  { label: 'Expiry date', kind: 'date', value: (r) => r.expiry_date },
  { label: 'Units left', kind: 'number', value: (r) => r.units_left },
  { label: 'Value', kind: 'money', value: (r) => r.value },
];

/** The location column only tells something when the list covers several locations. */
export const expiringStockColumns = (severalLocations: boolean) => (severalLocations ? EXPIRING_STOCK_COLUMNS : EXPIRING_STOCK_COLUMNS.filter((c) => c.label !== 'Location'));

/** Expense by day lists every day of the range; it has something to show once one day has a cost. */
export const hasExpense = (days: readonly ExpenseDay[]) => days.some((d) => d.spend !== 0 || d.usage_cost !== 0);

/** Waste is expired plus damaged; recalled and other write-offs and returns are beside it, every figure at cost. */
export const WASTE_COLUMNS: ReportColumn<WasteDay>[] = [
  { label: 'Date', kind: 'date', value: (r) => r.date },
  { label: 'Expired', kind: 'money', value: (r) => r.expired },
  { label: 'Damaged', kind: 'money', value: (r) => r.damaged },
  { label: 'Waste', kind: 'money', value: (r) => r.waste },
  { label: 'Recalled', kind: 'money', value: (r) => r.recalled },
  { label: 'Other write-offs', kind: 'money', value: (r) => r.other },
  { label: 'Returned', kind: 'money', value: (r) => r.returned },
  { label: 'Credits', kind: 'money', value: (r) => r.credits },
];

/** The waste report lists every day of the range; it has something to show once a day has a write-off or a return. */
export const hasWriteOffs = (days: readonly WasteDay[]) => days.some((d) => d.waste !== 0 || d.recalled !== 0 || d.other !== 0 || d.returned !== 0 || d.credits !== 0);
