import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useQuery } from '@tanstack/react-query';
import { AUDIT_ENTITIES, auditEntityLabel, REPORT_MESSAGES, type AuditEntity, type AuditRow } from '@clinic/domain';
import { DateRangePicker } from '../../../components/date-range-picker';
import { PageHeader } from '../../../components/page-header';
import { PagedTable, type PageState } from '../../../components/paged-table';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { isBackwards, rangeChoice, rangeOf, type RangeChoice } from '../../../lib/date-range';
import { downloadFromApi } from '../../../lib/download';
import { formatDateTime } from '../../../lib/format';
import { auditQueryOptions, auditUsersQueryOptions, type AuditParams } from '../api/audit-api';

const COLUMNS = [
  { key: 'time', label: 'Time' },
  { key: 'user', label: 'User' },
  { key: 'kind', label: 'Kind' },
  { key: 'action', label: 'Action' },
  { key: 'record', label: 'Record' },
  { key: 'location', label: 'Location' },
  { key: 'changes', label: 'Changes' },
];

const KINDS = (Object.entries(AUDIT_ENTITIES) as [AuditEntity, string][]).sort((a, b) => a[1].localeCompare(b[1]));
/** 'update_case_notes' reads as 'update case notes'. */
const actionLabel = (action: string) => action.replaceAll('_', ' ');

/**
 * Issue 18: the audit trail, newest first: every write, and every read of a patient's visits or
 * case notes. The organization admin sees their organization's; the product admin everyone's.
 */
export function AuditPage() {
  const notify = useNotify();
  const [pageState, setPageState] = useState<PageState>({ page: 0, perPage: 25 });
  const [userId, setUserId] = useState('');
  const [entity, setEntity] = useState<AuditEntity | ''>('');
  const [range, setRange] = useState<RangeChoice>(rangeChoice('this_month'));
  const [exporting, setExporting] = useState(false);

  const days = rangeOf(range.preset, range.custom);
  const backwards = isBackwards(days);
  const filters: Omit<AuditParams, 'currentPage' | 'perPage'> = {
    ...(userId ? { user_id: userId } : {}),
    ...(entity ? { entity } : {}),
    ...(days.start ? { from: days.start } : {}),
    ...(days.end ? { to: days.end } : {}),
  };
  const trail = useQuery({ ...auditQueryOptions({ currentPage: pageState.page + 1, perPage: pageState.perPage, ...filters }), enabled: !backwards });
  const users = useQuery(auditUsersQueryOptions());
  const rows: AuditRow[] = trail.data?.results ?? [];
  const firstPage = (next: () => void) => {
    next();
    setPageState((s) => ({ ...s, page: 0 }));
  };

  return (
    <>
      <PageHeader
        title="Audit trail"
        subtitle="Who changed what, and who read a patient's visits or case notes. Entries can never be changed or removed."
        actions={
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            disabled={backwards || (trail.data?.total ?? 0) === 0}
            loading={exporting}
            onClick={() => {
              setExporting(true);
              downloadFromApi('audit/export', { ...filters }, 'audit.csv', () => undefined)
                .catch((error: unknown) => { notify.error(errorMessage(error, 'Could not export the audit trail.')); })
                .finally(() => { setExporting(false); });
            }}
          >
            Export CSV
          </Button>
        }
      />
      <Box component="form" role="search" aria-label="Audit filters" onSubmit={(e) => { e.preventDefault(); }} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', mb: 2 }}>
        <TextField
          select
          size="small"
          label="User"
          value={userId}
          onChange={(e) => { firstPage(() => { setUserId(e.target.value); }); }}
          sx={{ width: { xs: '100%', sm: 260 } }}
        >
          <MenuItem value="">All users</MenuItem>
          {(users.data?.results ?? []).map((u) => (
            <MenuItem key={u.id} value={u.id}>
              {`${u.first_name} ${u.last_name}`.trim() || u.email} ({u.email})
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Kind"
          value={entity}
          onChange={(e) => { firstPage(() => { setEntity(e.target.value as AuditEntity | ''); }); }}
          sx={{ width: { xs: '100%', sm: 220 } }}
        >
          <MenuItem value="">All kinds</MenuItem>
          {KINDS.map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        <DateRangePicker value={range} onChange={(next) => { firstPage(() => { setRange(next); }); }} error={backwards ? REPORT_MESSAGES.startAfterEnd : null} />
      </Box>
      <PagedTable
        label="Audit trail"
        columns={COLUMNS}
        total={trail.data?.total ?? 0}
        pageState={pageState}
        onPageStateChange={setPageState}
        loading={trail.isFetching}
        error={trail.isError ? errorMessage(trail.error, 'Could not load the audit trail.') : null}
        emptyText="No entries match these filters"
        rowCount={rows.length}
        minWidth={960}
      >
        {rows.map((row) => (
          <TableRow key={row.id} hover>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.created_at)}</TableCell>
            <TableCell>{row.user ? row.user.name || row.user.email : 'System'}</TableCell>
            <TableCell>{auditEntityLabel(row.entity)}</TableCell>
            <TableCell>{actionLabel(row.action)}</TableCell>
            <TableCell sx={{ wordBreak: 'break-all', fontFamily: 'monospace', fontSize: '0.8rem' }}>{row.entity_id}</TableCell>
            <TableCell>{row.location?.name ?? '—'}</TableCell>
            <TableCell sx={{ wordBreak: 'break-word', maxWidth: 360 }}>{row.summary || '—'}</TableCell>
          </TableRow>
        ))}
      </PagedTable>
    </>
  );
}
