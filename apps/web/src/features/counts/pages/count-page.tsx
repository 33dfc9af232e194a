import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { can, COUNT_MESSAGES, type Count } from '@clinic/domain';
import { AppLink } from '../../../components/link';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage, isMissingRecord } from '../../../lib/api-client';
import { downloadFromApi } from '../../../lib/download';
import { formatDateTime } from '../../../lib/format';
import { useProfile } from '../../../lib/profile';
import { countQueryOptions, useCountAction } from '../api/counts-api';
import { CountSheet } from '../components/count-sheet';
import { CountStatusChip } from '../components/count-status-chip';
import { QueuedCounts } from '../components/queued-counts';
import { VarianceTable } from '../components/variance-table';
import { formatAccuracy, formatVariance } from '../count-format';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1.5, minWidth: 150, flex: '1 1 150px' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h3" component="p" aria-label={label}>
        {value}
      </Typography>
    </Paper>
  );
}

function CountFigures({ count }: { count: Count }) {
  return (
    <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', mb: 2 }}>
      <Figure label="Lots counted" value={`${String(count.counted)} of ${String(count.lines)}`} />
      {count.status === 'open' ? null : (
        <>
          <Figure label="Variance" value={formatVariance(count.variance_units, count.variance_value)} />
          <Figure label="Accuracy" value={formatAccuracy(count.accuracy)} />
          <Figure label="Found lots" value={String(count.found)} />
        </>
      )}
    </Stack>
  );
}

type Confirming = 'submit' | 'approve' | 'cancel';
const CONFIRM: Record<Confirming, { title: string; text: string; button: string; done: string }> = {
  submit: { title: 'Submit the count?', text: 'Counting stops and a location admin reviews the differences. Lots not counted stay as the books say.', button: 'Submit', done: COUNT_MESSAGES.submitted },
  approve: { title: 'Approve the count?', text: 'Each difference goes on the books as a count adjustment, and found lots are added to the stock.', button: 'Approve', done: COUNT_MESSAGES.approved },
  cancel: { title: 'Cancel the count?', text: 'Nothing of it goes on the books. The figures counted stay in its history.', button: 'Cancel count', done: COUNT_MESSAGES.canceled },
};

/**
 * /counts/:countId. While open: the sheet to count on (phone or tablet). Submitted: the variance
 * for a location admin to approve. Approved or canceled: the record, with its variance file.
 */
export function CountPage() {
  const { countId = '' } = useParams();
  const notify = useNotify();
  const profile = useProfile();
  const count = useQuery(countQueryOptions(countId));
  const action = useCountAction(countId);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [downloading, setDownloading] = useState(false);
  const permissions = profile.data?.permissions ?? {};
  const isAdmin = can(permissions, 'companies', 'update');
  const mayCount = can(permissions, 'stock', 'update');

  if (count.isPending) return <PageLoader />;
  if (count.isError) {
    return (
      <>
        <Alert severity="error" sx={{ mb: 2 }}>{isMissingRecord(count.error) ? 'This count does not exist, or belongs to another location.' : errorMessage(count.error, 'Could not load the count.')}</Alert>
        {/* Offline after a reload the count cannot load; what was counted here still shows, waiting. */}
        <QueuedCounts countId={countId} />
      </>
    );
  }
  const c = count.data;

  const run = (which: Confirming) =>
    action.mutate(which, {
      onSuccess: () => {
        notify.success(CONFIRM[which].done);
        setConfirming(null);
      },
      onError: (error) => {
        notify.error(errorMessage(error, 'Could not change the count'));
        setConfirming(null);
      },
    });

  const download = () => {
    setDownloading(true);
    downloadFromApi(`counts/${c.id}/variance`, {}, 'count-variance.csv', () => undefined)
      .catch((error: unknown) => { notify.error(errorMessage(error, 'Could not download the variance report')); })
      .finally(() => { setDownloading(false); });
  };

  return (
    <Box>
      <PageHeader
        title={`Count: ${c.scope_label}`}
        subtitle={`Started ${formatDateTime(c.started_at)}${c.started_by ? ` by ${c.started_by}` : ''}${c.approved_at ? ` · approved ${formatDateTime(c.approved_at)}${c.approved_by ? ` by ${c.approved_by}` : ''}` : ''}`}
        actions={
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {c.status === 'open' && mayCount ? (
              <Button variant="contained" onClick={() => { setConfirming('submit'); }} disabled={c.counted === 0}>
                Submit for approval
              </Button>
            ) : null}
            {c.status === 'submitted' && isAdmin ? (
              <Button variant="contained" onClick={() => { setConfirming('approve'); }}>
                Approve
              </Button>
            ) : null}
            {(c.status === 'open' || c.status === 'submitted') && isAdmin ? (
              <Button color="error" onClick={() => { setConfirming('cancel'); }}>
                Cancel count
              </Button>
            ) : null}
            {c.status === 'open' ? null : (
              <Button startIcon={<DownloadOutlined />} onClick={download} loading={downloading}>
                Variance (CSV)
              </Button>
            )}
          </Stack>
        }
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <CountStatusChip status={c.status} />
        <AppLink to="/counts">All counts</AppLink>
      </Stack>
      {c.status === 'submitted' && !isAdmin ? <Alert severity="info" sx={{ mb: 2 }}>Waiting for a location admin to approve the differences.</Alert> : null}
      <CountFigures count={c} />
      <QueuedCounts countId={c.id} />
      {c.status === 'open' ? mayCount ? <CountSheet countId={c.id} /> : <Alert severity="info">Counting is done by staff who may update stock.</Alert> : <VarianceTable countId={c.id} status={c.status} />}
      {confirming ? (
        <ConfirmDialog
          open
          title={CONFIRM[confirming].title}
          message={CONFIRM[confirming].text}
          confirmLabel={CONFIRM[confirming].button}
          loading={action.isPending}
          onConfirm={() => { run(confirming); }}
          onClose={() => { setConfirming(null); }}
          destructive={confirming === 'cancel'}
          cancelLabel={confirming === 'cancel' ? 'Keep the count' : 'Cancel'}
        />
      ) : null}
    </Box>
  );
}
