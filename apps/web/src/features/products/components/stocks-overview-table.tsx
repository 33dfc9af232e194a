import TableCell from '@mui/material/TableCell';
import type { CompanyStockOverview } from '@clinic/domain';
import { LocalTableSection } from '../../../components/local-table-section';
import { formatDollars } from '../../../lib/format';

/** The specification's empty text for this table, word for word. */
const EMPTY_TEXT = 'No Treatments Found';

/** Spec section 2: the admin's view of which locations hold a product; 5 rows a page, quick search. */
export function StocksOverviewTable({ rows }: { rows: CompanyStockOverview[] }) {
  return (
    <LocalTableSection
      title="Stocks Overview"
      label="Stocks overview"
      columns={[{ label: 'Company Name' }, { label: 'Units in stock', align: 'right' }, { label: 'Supplier' }, { label: 'Average Unit Price', align: 'right' }]}
      rows={rows}
      rowKey={(row) => row.company_id}
      cells={(row) => (
        <>
          <TableCell>{row.company_name}</TableCell>
          <TableCell align="right">{row.units_in_stock}</TableCell>
          <TableCell>{row.supplier_name || '—'}</TableCell>
          <TableCell align="right">{formatDollars(row.average_unit_price)}</TableCell>
        </>
      )}
      emptyText={EMPTY_TEXT}
      search={{ label: 'Quick search', text: (row) => `${row.company_name} ${row.supplier_name}` }}
      pageSize={5}
      minWidth={560}
    />
  );
}
