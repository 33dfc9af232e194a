import { lazy, Suspense, useState } from 'react';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { DateRangePicker } from '../../../components/date-range-picker';
import { rangeChoice } from '../../../lib/date-range';
import type { ReportScope } from '../api/reports-api';
import { reportRange } from '../report-range';
import { ExpiringStocksPanel } from './expiring-stocks-panel';
import { LocationFigures } from './location-figures';
import { OrganizationFigures } from './organization-figures';

const ReportCharts = lazy(async () => ({ default: (await import('./report-charts')).ReportCharts }));

/**
 * The range picker and everything it drives, for one location or the whole organization. A range
 * the reports would refuse shows why under the picker and asks nothing of the server.
 */
export function RangeReports({ scope }: { scope: ReportScope }) {
  const [choice, setChoice] = useState(() => rangeChoice('this_month'));
  const { range, problem } = reportRange(choice);
  const params = range ? { ...range, scope } : null;
  return (
    <Stack spacing={2}>
      <DateRangePicker value={choice} onChange={setChoice} error={problem} />
      {params ? (
        <>
          {scope === 'organization' ? <OrganizationFigures params={params} /> : <LocationFigures params={params} />}
          <Suspense fallback={<Skeleton variant="rounded" height={320} aria-label="Loading the charts" />}>
            <ReportCharts params={params} />
          </Suspense>
        </>
      ) : null}
      <ExpiringStocksPanel scope={scope} />
    </Stack>
  );
}
