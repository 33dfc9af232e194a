import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import type { Supplier } from '@clinic/domain';
import { PagedTable, type PageState } from '../../../components/paged-table';
import { RowMenu } from '../../../components/row-menu';
import { SUPPLIER_ACTION_LABELS, type SupplierAction } from '../supplier-actions';

const COLUMNS = [
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'phone', label: 'Phone' },
  { key: 'tax_id', label: 'Tax ID' },
  { key: 'contact_email', label: 'Contact email' },
  { key: 'contact_phone', label: 'Contact phone' },
  { key: 'actions', label: 'Actions', align: 'right' as const, srOnly: true },
];

/** Long addresses wrap, but not down to a few letters a line; the table scrolls sideways instead. */
const EMAIL_CELL = { minWidth: 200, overflowWrap: 'anywhere' } as const;

interface SuppliersTableProps {
  suppliers: Supplier[];
  total: number;
  pageState: PageState;
  onPageStateChange: (next: PageState) => void;
  loading: boolean;
  error: string | null;
  /** Shared (product admin) suppliers are read-only for this person. */
  isShared: (supplier: Supplier) => boolean;
  actionsFor: (supplier: Supplier) => SupplierAction[];
  onAction: (supplier: Supplier, action: SupplierAction) => void;
}

export function SuppliersTable({ suppliers, total, pageState, onPageStateChange, loading, error, isShared, actionsFor, onAction }: SuppliersTableProps) {
  return (
    <PagedTable
      label="Suppliers"
      columns={COLUMNS}
      total={total}
      pageState={pageState}
      onPageStateChange={onPageStateChange}
      loading={loading}
      error={error}
      emptyText="No suppliers found"
      rowCount={suppliers.length}
      minWidth={1040}
    >
      {suppliers.map((supplier) => (
        <TableRow key={supplier.id} hover>
          <TableCell sx={{ fontWeight: 500, minWidth: 180 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
              {supplier.name}
              {isShared(supplier) ? (
                <Tooltip title="Shared with every location; only the product admin can change it">
                  <Chip size="small" variant="outlined" color="info" label="Shared" />
                </Tooltip>
              ) : null}
              {supplier.distributor ? (
                <Tooltip title="Ordered from through the marketplace; prices and order status come from its ordering API">
                  <Chip size="small" variant="outlined" color="secondary" label="Distributor" />
                </Tooltip>
              ) : null}
            </Box>
          </TableCell>
          <TableCell sx={EMAIL_CELL}>{supplier.email}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{supplier.phone}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{supplier.tax_id}</TableCell>
          <TableCell sx={EMAIL_CELL}>{supplier.contact_email}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{supplier.contact_phone}</TableCell>
          <TableCell align="right">
            <RowMenu
              subject={supplier.name}
              items={actionsFor(supplier).map((action) => ({ kind: action, label: SUPPLIER_ACTION_LABELS[action] }))}
              onSelect={(action) => { onAction(supplier, action); }}
            />
          </TableCell>
        </TableRow>
      ))}
    </PagedTable>
  );
}
