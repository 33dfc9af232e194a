import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { OutboxEmail } from '@clinic/domain';
import { LinkifiedText } from '../../../components/linkified-text';
import { PageHeader } from '../../../components/page-header';
import { PagedTable, type PageState } from '../../../components/paged-table';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { testEmailsQueryOptions } from '../api/users-api';

const STATUS_COLOR: Record<OutboxEmail['status'], ChipProps['color']> = {
  pending: 'warning',
  sent: 'success',
  failed: 'error',
};

const COLUMNS = [
  { key: 'to', label: 'To' },
  { key: 'subject', label: 'Subject' },
  { key: 'status', label: 'Status' },
  { key: 'created', label: 'Created' },
  { key: 'view', label: 'Message', align: 'right' as const, srOnly: true },
];

function EmailDialog({ email, onClose }: { email: OutboxEmail; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="email-title">
      <DialogTitle id="email-title">{email.subject}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          To {email.to} · {formatDateTime(email.created_at)}
        </Typography>
        <Typography component="div" sx={{ whiteSpace: 'pre-wrap' }}>
          <LinkifiedText text={email.text} />
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** E-mails the product sent (invitations, password resets, approvals), for support and local set-ups without SMTP. */
export function TestEmailsPage() {
  const [pageState, setPageState] = useState<PageState>({ page: 0, perPage: 10 });
  const [open, setOpen] = useState<OutboxEmail | null>(null);
  const emails = useQuery(testEmailsQueryOptions({ currentPage: pageState.page + 1, perPage: pageState.perPage }));
  const rows = emails.data?.results ?? [];

  return (
    <>
      <PageHeader title="Outgoing E-mails" subtitle="Invitations, password resets and other messages the product sent." />
      <PagedTable
        label="Outgoing e-mails"
        columns={COLUMNS}
        total={emails.data?.total ?? 0}
        pageState={pageState}
        onPageStateChange={setPageState}
        loading={emails.isFetching}
        error={emails.isError ? errorMessage(emails.error, 'Could not load e-mails.') : null}
        emptyText="No e-mails sent yet"
        rowCount={rows.length}
      >
        {rows.map((email) => (
          <TableRow key={email.id} hover>
            <TableCell>{email.to}</TableCell>
            <TableCell>{email.subject}</TableCell>
            <TableCell>
              <Chip size="small" variant="outlined" label={email.status} color={STATUS_COLOR[email.status]} />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(email.created_at)}</TableCell>
            <TableCell align="right">
              <Button size="small" onClick={() => { setOpen(email); }} aria-label={`View e-mail "${email.subject}" to ${email.to}`}>
                View
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </PagedTable>
      {open ? <EmailDialog email={open} onClose={() => { setOpen(null); }} /> : null}
    </>
  );
}
