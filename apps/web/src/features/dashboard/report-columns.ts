import type { ExpenseByDay, ExpenseByTreatment, MostUsedProducts, StocksAboutToExpire, TopSuppliers } from '@clinic/domain';
import type { ReportColumn } from './report-table';

export type ExpenseDay = ExpenseByDay['results'][number];
export type TreatmentExpense = ExpenseByTreatment['results'][number];
export type ProductUse = MostUsedProducts['results'][number];
export type SupplierSpend = TopSuppliers['results'][number];
export type ExpiringStock = StocksAboutToExpire['results'][number];

/** Products used at the chair outside any designed tray carry no treatment. */
export const ADDED_AT_THE_CHAIR = 'Added at the chair';
export const NO_SUPPLIER = 'No supplier';

export const treatmentLabel = (row: TreatmentExpense) => (row.treatment ? `${row.treatment.treatment_code} · ${row.treatment.name}` : ADDED_AT_THE_CHAIR);
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
