import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { can, type ProductionShareFigures } from '@clinic/domain';
import { formatDollars } from '../../../lib/format';
import { useProfile } from '../../../lib/profile';
import { productionShareQueryOptions, type RangeReportParams } from '../api/reports-api';

/** The scale the bar draws: 0 to 15% of production. */
const SCALE = 0.15;
const percent = (share: number) => `${(Math.round(share * 1000) / 10).toFixed(1)}%`;

function sourceText(f: ProductionShareFigures): string {
  const parts = [f.sources.procedures > 0 ? 'completed procedures' : null, f.sources.csv > 0 ? 'the practice system’s daily figures' : null, f.sources.typed > 0 ? 'the month’s figure typed' : null].filter(Boolean);
  return parts.length > 0 ? `from ${parts.join(', ')}` : '';
}

/** Where the share falls against the usual band: a bar with the band shaded and a mark at the share. */
function ShareBar({ share, band }: { share: number; band: { low: number; high: number } }) {
  const at = (value: number) => `${String(Math.min(100, (value / SCALE) * 100))}%`;
  const tone = share > band.high ? 'error.main' : share < band.low ? 'info.main' : 'success.main';
  return (
    <Box role="img" aria-label={`${percent(share)} of production; the usual band is ${percent(band.low)} to ${percent(band.high)}`} sx={{ position: 'relative', height: 14, borderRadius: 7, bgcolor: 'action.hover', my: 1.5 }}>
      <Box sx={{ position: 'absolute', left: at(band.low), width: `calc(${at(band.high)} - ${at(band.low)})`, top: 0, bottom: 0, bgcolor: 'success.light', opacity: 0.35 }} />
      <Box sx={{ position: 'absolute', left: `calc(${at(share)} - 3px)`, top: -3, width: 6, height: 20, borderRadius: 1, bgcolor: tone }} />
    </Box>
  );
}

/**
 * Supply spend as a share of production (issue 36), for the range on screen: the location's, or
 * each location's side by side for the organization, against the usual 6–10% band.
 */
export function ProductionShareCard({ params }: { params: RangeReportParams }) {
  const report = useQuery(productionShareQueryOptions(params));
  const mayEnter = can(useProfile().data?.permissions ?? {}, 'companies', 'update');
  const data = report.data;
  const rows = params.scope === 'organization' ? (data?.locations.map((l) => ({ key: l.id, name: l.name, figures: l.figures })) ?? []) : [];
  return (
    <Paper sx={{ p: 2 }} component="section" aria-labelledby="production-share-title">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography id="production-share-title" variant="body2" color="text.secondary">
          Supply spend as a share of production
        </Typography>
        {params.scope === 'location' && mayEnter ? (
          <Button size="small" component={RouterLink} to="/pms" sx={{ minHeight: 44 }}>
            Production
          </Button>
        ) : null}
      </Box>
      {report.isPending ? (
        <Skeleton variant="text" width="40%" sx={{ fontSize: '2rem' }} aria-label="Loading the supply share" />
      ) : report.isError || !data ? (
        <Typography color="text.secondary">Could not load the supply share.</Typography>
      ) : data.totals.share === null ? (
        <Typography sx={{ mt: 1 }}>No production recorded for these days: import completed procedures or type the month’s production under Practice system.</Typography>
      ) : (
        <>
          <Typography variant="h2" component="p" aria-label="Supply share of production">
            {percent(data.totals.share)}
          </Typography>
          <ShareBar share={data.totals.share} band={data.band} />
          <Typography variant="caption" color="text.secondary" component="p">
            {formatDollars(data.totals.supply_spend)} of supplies against {formatDollars(data.totals.production)} of production {sourceText(data.totals)} · usual band {percent(data.band.low)}–{percent(data.band.high)}
          </Typography>
          {rows.length > 1 ? (
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
              {rows.map((row) => (
                <Typography component="li" variant="body2" key={row.key}>
                  {row.name}: {row.figures.share === null ? 'no production recorded' : `${percent(row.figures.share)} (${formatDollars(row.figures.supply_spend)} of ${formatDollars(row.figures.production)})`}
                </Typography>
              ))}
            </Box>
          ) : null}
        </>
      )}
    </Paper>
  );
}
