import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { can, UPCOMING_DAYS } from '@clinic/domain';
import { AppLink } from '../../../components/link';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useProfile } from '../../../lib/profile';
import { upcomingTraysQueryOptions } from '../api/pms-api';
import { UpcomingDayCard } from '../components/upcoming-day';

/**
 * /upcoming-trays (Treatments > Upcoming trays, issue 36): the procedures on the appointments of
 * the next 14 days, day by day, with what their trays will take and where the shelf falls short,
 * so the order goes out before the chair finds the drawer empty.
 */
export function UpcomingPage() {
  const profile = useProfile();
  const mayImport = can(profile.data?.permissions ?? {}, 'companies', 'update');
  const plan = useQuery(upcomingTraysQueryOptions());
  if (plan.isPending) return <PageLoader />;
  if (plan.isError) return <Alert severity="error">{errorMessage(plan.error, 'Could not load the upcoming trays.')}</Alert>;
  const { days, unmapped, from, to, read_at: readAt } = plan.data;
  const short = days.flatMap((d) => d.warnings);

  return (
    <Box>
      <PageHeader title="Upcoming trays" subtitle={`What the appointments of the next ${String(UPCOMING_DAYS)} days (${formatDate(from)} to ${formatDate(to)}) will take from the shelf.`} />
      {readAt ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {`Schedule read from Open Dental ${formatDateTime(readAt)}.`}
        </Typography>
      ) : null}
      {days.length === 0 ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {'No appointments with planned procedures in the next 14 days. '}
          {mayImport ? <AppLink to="/pms">Import your schedule or connect Open Dental in Practice system.</AppLink> : 'An admin brings the schedule in from Practice system.'}
        </Alert>
      ) : (
        <Alert severity={short.length > 0 ? 'warning' : 'success'} sx={{ mb: 2 }}>
          {short.length > 0 ? `${String(short.length)} ${short.length === 1 ? 'shortfall' : 'shortfalls'} ahead: order before the day.` : 'The shelf covers every tray planned.'}
        </Alert>
      )}
      {unmapped.length > 0 ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {`Not counted (codes not mapped to a treatment): ${unmapped.map((u) => `${u.code} × ${String(u.count)}`).join(', ')}. `}
          {mayImport ? <AppLink to="/pms">Map them in Practice system.</AppLink> : null}
        </Alert>
      ) : null}
      <Stack spacing={2}>
        {days.map((day) => (
          <UpcomingDayCard key={day.day} day={day} />
        ))}
      </Stack>
    </Box>
  );
}
