import TableCell from '@mui/material/TableCell';
import { AppLink } from '../../../components/link';
import type { AssociatedTreatment } from '@clinic/domain';
import { LocalTableSection } from '../../../components/local-table-section';

/**
 * Spec section 2: the treatment designs whose tray holds the product, Treatment Code and
 * Abbreviation, 5 rows a page; the search is for the admin, who sees every location's.
 */
export function AssociatedTreatmentsTable({ rows, searchable, linkable }: { rows: AssociatedTreatment[]; searchable: boolean; linkable: boolean }) {
  return (
    <LocalTableSection
      title="Associated Treatments"
      label="Associated treatments"
      columns={[{ label: 'Treatment Code' }, { label: 'Abbreviation' }]}
      rows={rows}
      rowKey={(row) => row.id}
      cells={(row) => (
        <>
          <TableCell title={row.name}>{linkable ? <AppLink to={`/treatment/design/${row.id}`}>{row.treatment_code}</AppLink> : row.treatment_code}</TableCell>
          <TableCell>{row.abbreviation || '—'}</TableCell>
        </>
      )}
      emptyText="No Treatments Found"
      search={searchable ? { label: 'Search treatments', text: (row) => `${row.treatment_code} ${row.name} ${row.abbreviation}` } : undefined}
      pageSize={5}
      minWidth={360}
    />
  );
}
