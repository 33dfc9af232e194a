import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { JOB_STATES, type Job, type JobQueueSummary, type JobState } from '@clinic/domain';
import { PageHeader } from '../../../components/page-header';
import { PagedTable, type PageState } from '../../../components/paged-table';
import { tableCardsSx } from '../../../components/table-cards-sx';
import { useScrollTabStop } from '../../../components/use-scroll-tab-stop';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { jobsOverviewQueryOptions, jobsQueryOptions, useRetryJob } from '../api/jobs-api';

const STATE_COLOR: Record<JobState, ChipProps['color']> = {
  created: 'default',
  retry: 'warning',
  active: 'info',
  completed: 'success',
  cancelled: 'default',
  failed: 'error',
};

const COUNTS: { key: keyof Pick<JobQueueSummary, 'queued' | 'active' | 'retry' | 'failed' | 'completed'>; label: string }[] = [
  { key: 'queued', label: 'Queued' },
  { key: 'active', label: 'Running' },
  { key: 'retry', label: 'Waiting to retry' },
  { key: 'failed', label: 'Failed' },
  { key: 'completed', label: 'Done (recent)' },
];

const COLUMNS = [
  { key: 'queue', label: 'Job' },
  { key: 'state', label: 'State' },
  { key: 'attempts', label: 'Attempts' },
  { key: 'created', label: 'Queued at' },
  { key: 'when', label: 'Next run or finished' },
  { key: 'error', label: 'Last error' },
  { key: 'actions', label: 'Actions', align: 'right' as const, srOnly: true },
];

/** "Every 15 minutes" reads better than the cron line; anything else shows as written. */
function scheduleLabel(cron: string | null): string {
  if (!cron) return 'When queued';
  const every = /^\*\/(\d+) \* \* \* \*$/.exec(cron);
  if (every) return `Every ${every[1]!} minutes`;
  const hourly = /^(\d+) \* \* \* \*$/.exec(cron);
  if (hourly) return `Hourly, at :${hourly[1]!.padStart(2, '0')}`;
  return cron;
}

const QUEUE_COLUMNS = [{ label: 'Job' }, { label: 'Runs' }, ...COUNTS];

function QueuesTable({ queues }: { queues: JobQueueSummary[] }) {
  const scroller = useScrollTabStop();
  return (
    // Cards on phones, like every list of the app.
    <TableContainer ref={scroller} component={Paper} variant="outlined" sx={[{ mb: 3, position: 'relative' }, tableCardsSx(QUEUE_COLUMNS)]}>
      <Table size="small" aria-label="Job queues" sx={{ minWidth: 760 }}>
        <TableHead>
          <TableRow>
            <TableCell>Job</TableCell>
            <TableCell>Runs</TableCell>
            {COUNTS.map((c) => (
              <TableCell key={c.key} sx={{ textAlign: 'right' }}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {queues.map((queue) => (
            <TableRow key={queue.name}>
              <TableCell>
                <Box>
                  {queue.label}
                  {queue.handled ? null : (
                    <Typography variant="caption" color="warning.main" sx={{ display: 'block', fontWeight: 400 }}>
                      Not run by this server{queue.name === 'email' ? ' (no SMTP_URL): messages wait in Outgoing E-mails' : ''}
                    </Typography>
                  )}
                </Box>
              </TableCell>
              <TableCell>{scheduleLabel(queue.schedule)}</TableCell>
              {COUNTS.map((c) => (
                <TableCell key={c.key} sx={{ textAlign: 'right', ...(c.key === 'failed' && queue.failed > 0 ? { color: 'error.main', fontWeight: 600 } : {}) }}>
                  {queue[c.key].toLocaleString('en-US')}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * Background jobs (issue 18): what the job engine has queued, running, waiting to retry and
 * failed, per kind of work, with the failed ones' errors and a Retry. The product admin only.
 */
export function JobsPage() {
  const notify = useNotify();
  const [pageState, setPageState] = useState<PageState>({ page: 0, perPage: 10 });
  const [queue, setQueue] = useState('');
  const [state, setState] = useState<JobState | ''>('');
  const overview = useQuery(jobsOverviewQueryOptions());
  const jobs = useQuery(jobsQueryOptions({ currentPage: pageState.page + 1, perPage: pageState.perPage, ...(queue ? { queue } : {}), ...(state ? { state } : {}) }));
  const retry = useRetryJob();
  const queues = overview.data?.queues ?? [];
  const labelOf = (name: string) => queues.find((q) => q.name === name)?.label ?? name;
  const rows = jobs.data?.results ?? [];
  const firstPage = (next: () => void) => {
    next();
    setPageState((s) => ({ ...s, page: 0 }));
  };
  const retryJob = (job: Job) => {
    retry.mutate(job, {
      onSuccess: () => { notify.success(`${labelOf(job.queue)} will run again`); },
      onError: (error) => { notify.error(errorMessage(error, 'Could not retry the job.')); },
    });
  };

  return (
    <>
      <PageHeader title="Background Jobs" subtitle="E-mails, imports, case notes and the scheduled scans: what waits, runs, retries or failed. Failed jobs can be sent back to their queue." />
      {overview.isError ? (
        <Typography color="error" sx={{ mb: 2 }}>
          {errorMessage(overview.error, 'Could not load the job queues.')}
        </Typography>
      ) : (
        <QueuesTable queues={queues} />
      )}
      <Box component="form" role="search" aria-label="Job filters" onSubmit={(e) => { e.preventDefault(); }} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <TextField select size="small" label="Job" value={queue} onChange={(e) => { firstPage(() => { setQueue(e.target.value); }); }} sx={{ width: { xs: '100%', sm: 260 } }}>
          <MenuItem value="">All jobs</MenuItem>
          {queues.map((q) => (
            <MenuItem key={q.name} value={q.name}>
              {q.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label="State" value={state} onChange={(e) => { firstPage(() => { setState(e.target.value as JobState | ''); }); }} sx={{ width: { xs: '100%', sm: 220 } }}>
          <MenuItem value="">Needs a look</MenuItem>
          {(Object.entries(JOB_STATES) as [JobState, string][]).map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <PagedTable
        label="Jobs"
        columns={COLUMNS}
        total={jobs.data?.total ?? 0}
        pageState={pageState}
        onPageStateChange={setPageState}
        loading={jobs.isFetching}
        error={jobs.isError ? errorMessage(jobs.error, 'Could not load the jobs.') : null}
        emptyText={state ? 'No jobs in this state' : 'Nothing waiting or failed'}
        rowCount={rows.length}
        minWidth={960}
      >
        {rows.map((job) => (
          <TableRow key={job.id} hover>
            <TableCell>{labelOf(job.queue)}</TableCell>
            <TableCell>
              <Chip size="small" variant="outlined" label={JOB_STATES[job.state]} color={STATE_COLOR[job.state]} />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {job.attempts} of {job.max_attempts}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(job.created_at)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{job.finished_at ? formatDateTime(job.finished_at) : formatDateTime(job.run_after)}</TableCell>
            <TableCell sx={{ wordBreak: 'break-word', maxWidth: 360 }}>{job.error ?? '—'}</TableCell>
            <TableCell align="right">
              {job.state === 'failed' || job.state === 'cancelled' ? (
                <Button size="small" onClick={() => { retryJob(job); }} disabled={retry.isPending} aria-label={`Retry ${labelOf(job.queue)} job queued ${formatDateTime(job.created_at)}`}>
                  Retry
                </Button>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </PagedTable>
    </>
  );
}
