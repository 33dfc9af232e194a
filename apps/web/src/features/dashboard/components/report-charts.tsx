import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import { TOP_PRODUCTS } from '@clinic/domain';
import {
  expenseByDayQueryOptions,
  expenseByTreatmentQueryOptions,
  mostUsedProductsQueryOptions,
  topSuppliersQueryOptions,
  type RangeReportParams,
} from '../api/reports-api';
import {
  EXPENSE_BY_DAY_COLUMNS,
  EXPENSE_BY_TREATMENT_COLUMNS,
  hasExpense,
  MOST_USED_PRODUCTS_COLUMNS,
  supplierLabel,
  TOP_SUPPLIERS_COLUMNS,
  treatmentExpenseKey,
  treatmentExpenseRows,
  treatmentLabel,
} from '../report-columns';
import { csvFileName } from '../report-table';
import { ExpenseLineChart } from './expense-line-chart';
import { RankedBarChart } from './ranked-bar-chart';
import { ReportPanel } from './report-panel';
import { WastePanel } from './waste-panel';

const TITLES = {
  byDay: 'Expense by day',
  byTreatment: 'Expense by treatment',
  products: `Top ${String(TOP_PRODUCTS)} most used products`,
  suppliers: 'Top suppliers',
} as const;

/** The range's charts; this file holds the chart library, so the page loads it lazily (the product admin never does). */
export function ReportCharts({ params }: { params: RangeReportParams }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
      <Box sx={{ gridColumn: { lg: '1 / -1' }, minWidth: 0 }}>
        <ExpenseByDayPanel params={params} />
      </Box>
      <ExpenseByTreatmentPanel params={params} />
      <MostUsedProductsPanel params={params} />
      <TopSuppliersPanel params={params} />
      <Box sx={{ gridColumn: { lg: '1 / -1' }, minWidth: 0 }}>
        <WastePanel params={params} />
      </Box>
    </Box>
  );
}

// Each panel asks for its own report, so an answer redraws its chart only, not its neighbours' (issue 37).

function ExpenseByDayPanel({ params }: { params: RangeReportParams }) {
  const byDay = useQuery(expenseByDayQueryOptions(params));
  return (
    <ReportPanel
      title={TITLES.byDay}
      subtitle="Spend on stock received and the cost of stock used, each day"
      columns={EXPENSE_BY_DAY_COLUMNS}
      rows={byDay.data?.results}
      rowKey={(r) => r.date}
      fetching={byDay.isFetching}
      error={byDay.error}
      fileName={csvFileName(TITLES.byDay, params)}
      hasData={hasExpense}
      chart={(rows) => <ExpenseLineChart days={rows} />}
    />
  );
}

function ExpenseByTreatmentPanel({ params }: { params: RangeReportParams }) {
  const byTreatment = useQuery(expenseByTreatmentQueryOptions(params));
  const rows = useMemo(() => (byTreatment.data ? treatmentExpenseRows(byTreatment.data) : undefined), [byTreatment.data]);
  return (
    <ReportPanel
      title={TITLES.byTreatment}
      subtitle="Cost of the products used, most expensive first, with what was used by hand outside visits"
      columns={EXPENSE_BY_TREATMENT_COLUMNS}
      rows={rows}
      rowKey={treatmentExpenseKey}
      fetching={byTreatment.isFetching}
      error={byTreatment.error}
      fileName={csvFileName(TITLES.byTreatment, params)}
      chart={(shown) => <RankedBarChart seriesName="Cost" money bars={shown.map((r) => ({ key: treatmentExpenseKey(r), name: treatmentLabel(r), value: r.cost }))} />}
    />
  );
}

function MostUsedProductsPanel({ params }: { params: RangeReportParams }) {
  const products = useQuery(mostUsedProductsQueryOptions(params));
  return (
    <ReportPanel
      title={TITLES.products}
      subtitle="By units used"
      columns={MOST_USED_PRODUCTS_COLUMNS}
      rows={products.data?.results}
      rowKey={(r) => r.product.id}
      fetching={products.isFetching}
      error={products.error}
      fileName={csvFileName(TITLES.products, params)}
      chart={(rows) => <RankedBarChart seriesName="Units used" money={false} bars={rows.map((r) => ({ key: r.product.id, name: r.product.name, value: r.units_used }))} />}
    />
  );
}

function TopSuppliersPanel({ params }: { params: RangeReportParams }) {
  const suppliers = useQuery(topSuppliersQueryOptions(params));
  return (
    <ReportPanel
      title={TITLES.suppliers}
      subtitle="Spend on stock received, by supplier"
      columns={TOP_SUPPLIERS_COLUMNS}
      rows={suppliers.data?.results}
      rowKey={(r) => r.supplier?.id ?? 'none'}
      fetching={suppliers.isFetching}
      error={suppliers.error}
      fileName={csvFileName(TITLES.suppliers, params)}
      chart={(rows) => <RankedBarChart seriesName="Spend" money bars={rows.map((r) => ({ key: r.supplier?.id ?? 'none', name: supplierLabel(r), value: r.spend }))} />}
    />
  );
}
