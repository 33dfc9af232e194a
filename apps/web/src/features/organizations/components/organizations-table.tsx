import { useState } from 'react';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useNavigate } from 'react-router';
import type { Organization } from '@clinic/domain';
import { AppLink } from '../../../components/link';
import { PagedTable, type PageState } from '../../../components/paged-table';
import { RowMenu } from '../../../components/row-menu';
import { ApprovalStatusChip } from '../../../components/status-chip';
import { formatDate, formatMoney } from '../../../lib/format';
import {
  ORGANIZATION_ACTION_LABELS,
  OrganizationActionDialogs,
  organizationActionsFor,
  type OrganizationAction,
} from './organization-action-dialogs';

const COLUMNS = [
  { key: 'name', label: 'Organization' },
  { key: 'contact', label: 'Billing contact' },
  { key: 'locations', label: 'Locations', align: 'right' as const },
  { key: 'price', label: 'Custom price', align: 'right' as const },
  { key: 'status', label: 'Status' },
  { key: 'created', label: 'Registered' },
  { key: 'actions', label: 'Actions', align: 'right' as const, srOnly: true },
];

interface OrganizationsTableProps {
  organizations: Organization[];
  total: number;
  pageState: PageState;
  onPageStateChange: (next: PageState) => void;
  loading: boolean;
  error: string | null;
}

export function OrganizationsTable({ organizations, total, pageState, onPageStateChange, loading, error }: OrganizationsTableProps) {
  const navigate = useNavigate();
  const [target, setTarget] = useState<{ organization: Organization; action: OrganizationAction } | null>(null);

  return (
    <>
      <PagedTable
        label="Clients"
        columns={COLUMNS}
        total={total}
        pageState={pageState}
        onPageStateChange={onPageStateChange}
        loading={loading}
        error={error}
        emptyText="No clients found"
        rowCount={organizations.length}
      >
        {organizations.map((organization) => {
          const detail = `/clients/${organization.id}`;
          return (
            <TableRow key={organization.id} hover onClick={() => void navigate(detail)} sx={{ cursor: 'pointer' }}>
              <TableCell sx={{ fontWeight: 500 }}>
                {/* The link makes the row reachable by keyboard; the row click is a larger target for the mouse. */}
                <AppLink to={detail} underline="hover" color="inherit" onClick={(event) => { event.stopPropagation(); }}>
                  {organization.name}
                </AppLink>
              </TableCell>
              <TableCell>{organization.billingContact.email}</TableCell>
              <TableCell align="right">
                {organization.locations.length} of {organization.numberOfLocations}
              </TableCell>
              <TableCell align="right">{formatMoney(organization.customPrice)}</TableCell>
              <TableCell>
                <ApprovalStatusChip status={organization.approvalStatus} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(organization.created_at)}</TableCell>
              <TableCell align="right" onClick={(event) => { event.stopPropagation(); }}>
                <RowMenu
                  subject={organization.name}
                  items={organizationActionsFor(organization).map((action) => ({
                    kind: action,
                    label: ORGANIZATION_ACTION_LABELS[action],
                  }))}
                  onSelect={(action) => { setTarget({ organization, action }); }}
                />
              </TableCell>
            </TableRow>
          );
        })}
      </PagedTable>
      <OrganizationActionDialogs target={target} onClose={() => { setTarget(null); }} />
    </>
  );
}
