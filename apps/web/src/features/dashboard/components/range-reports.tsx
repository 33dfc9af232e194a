import { lazy, Suspense, useState } from 'react';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { DateRangePicker } from '../../../components/date-range-picker';
import { rangeChoice } from '../../../lib/date-range';
import { useAfterPaint } from '../../../lib/use-after-paint';
import type { ReportScope } from '../api/reports-api';
import { reportRange } from '../report-range';
import { ProductionShareCard } from './production-share-card';
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
  // The charts' chunk (visx; Recharts was the largest chunk) is fetched and run once the figures have painted (issue 19:
  // Lighthouse counted its evaluation before /dashboard's largest paint); the skeleton holds its place.
  const chartsReady = useAfterPaint();
  const chartsSkeleton = <Skeleton variant="rounded" height={320} aria-label="Loading the charts" />;
  return (
    <Stack spacing={2}>
      <DateRangePicker value={choice} onChange={setChoice} error={problem} />
      {params && scope === 'organization' ? <OrganizationFigures params={params} /> : null}
      {params && scope === 'location' ? <LocationFigures params={params} /> : null}
      {/* Whole months, whatever the range (issue 50). */}
      <ProductionShareCard scope={scope} />
      {params && chartsReady ? (
        <Suspense fallback={chartsSkeleton}>
          <ReportCharts params={params} />
        </Suspense>
      ) : null}
      {params && !chartsReady ? chartsSkeleton : null}
      <ExpiringStocksPanel scope={scope} />
    </Stack>
  );
}
