import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { can, SUPPLY_SHARE_MESSAGES, type ProductionShare, type ProductionShareFigures, type ProductionSharePeriod } from '@clinic/domain';
import { formatDollars, formatMonths } from '../../../lib/format';
import { useProfile } from '../../../lib/profile';
import { productionShareQueryOptions, type ReportScope } from '../api/reports-api';

/** The scale the bar draws: 0 to 15% of production. */
const SCALE = 0.15;
const percent = (share: number) => `${(Math.round(share * 1000) / 10).toFixed(1)}%`;
const monthsOf = (period: ProductionSharePeriod) => formatMonths(period.first_month, period.last_month);

function sourceText(f: ProductionShareFigures): string {
  const parts = [f.sources.procedures > 0 ? 'completed procedures' : null, f.sources.csv > 0 ? 'the practice system’s daily figures' : null, f.sources.typed > 0 ? 'the month’s figure typed' : null].filter(Boolean);
  return parts.length > 0 ? `from ${parts.join(', ')}` : '';
}

/** A share people may judge: with enough production recorded for every month of the period. */
const judged = (f: ProductionShareFigures): f is ProductionShareFigures & { share: number } => f.share !== null && f.enough_production;

/** One line of figures in words: the share, or why there is none (over several months, each must have enough). */
function shareLine(f: ProductionShareFigures, months = 1): string {
  if (judged(f)) return `${percent(f.share)} (${formatDollars(f.supply_spend)} of ${formatDollars(f.production)})`;
  if (f.production > 0) return `too little production ${months > 1 ? 'in some months ' : ''}to judge (${formatDollars(f.production)} recorded)`;
  return 'no production recorded';
}

const monthCount = (period: ProductionSharePeriod) => (Number(period.last_month.slice(0, 4)) - Number(period.first_month.slice(0, 4))) * 12 + Number(period.last_month.slice(5, 7)) - Number(period.first_month.slice(5, 7)) + 1;

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

/** The last full month: the share against the band, or, with too little production, that it cannot be judged. */
function LastMonth({ report }: { report: ProductionShare }) {
  const { totals } = report.last_month;
  const against = `${formatDollars(totals.supply_spend)} of supplies against ${formatDollars(totals.production)} of production ${sourceText(totals)}`.trim();
  if (!judged(totals)) {
    return (
      <Box aria-label="Supply share of production">
        <Typography sx={{ mt: 1 }}>{totals.production > 0 ? SUPPLY_SHARE_MESSAGES.tooLittleProduction : SUPPLY_SHARE_MESSAGES.noProduction}</Typography>
        {totals.production > 0 || totals.supply_spend > 0 ? (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {against}
          </Typography>
        ) : null}
      </Box>
    );
  }
  return (
    <>
      <Typography variant="h2" component="p" aria-label="Supply share of production">
        {percent(totals.share)}
      </Typography>
      <ShareBar share={totals.share} band={report.band} />
      <Typography variant="caption" color="text.secondary" component="p">
        {against} · usual band {percent(report.band.low)}–{percent(report.band.high)}
      </Typography>
    </>
  );
}

/**
 * Supply spend as a share of production (issue 36), over whole months whatever the range above
 * (issue 50): the last full month, and the trailing months beside it; the location's, or each
 * location's side by side for the organization, against the usual 6–10% band.
 */
export function ProductionShareCard({ scope }: { scope: ReportScope }) {
  const report = useQuery(productionShareQueryOptions(scope));
  const mayEnter = can(useProfile().data?.permissions ?? {}, 'companies', 'update');
  const data = report.data;
  const rows = scope === 'organization' ? (data?.last_month.locations ?? []) : [];
  return (
    <Paper sx={{ p: 2 }} component="section" aria-labelledby="production-share-title">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box>
          <Typography id="production-share-title" variant="body2" color="text.secondary">
            Supply spend as a share of production
          </Typography>
          {data ? (
            <Typography variant="subtitle1" component="p">
              {monthsOf(data.last_month)}
            </Typography>
          ) : null}
        </Box>
        {scope === 'location' && mayEnter ? (
          <Button size="small" component={RouterLink} to="/pms" sx={{ minHeight: 44 }}>
            Production
          </Button>
        ) : null}
      </Box>
      {report.isPending ? (
        <Skeleton variant="text" width="40%" sx={{ fontSize: '2rem' }} aria-label="Loading the supply share" />
      ) : report.isError || !data ? (
        <Typography color="text.secondary">Could not load the supply share.</Typography>
      ) : (
        <>
          <LastMonth report={data} />
          <Typography variant="body2" sx={{ mt: 1 }}>
            {monthsOf(data.trailing_months)}: {shareLine(data.trailing_months.totals, monthCount(data.trailing_months))}
          </Typography>
          {rows.length > 1 ? (
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }} aria-label={`Each location, ${monthsOf(data.last_month)}`}>
              {rows.map((row) => (
                <Typography component="li" variant="body2" key={row.id}>
                  {row.name}: {shareLine(row.figures)}
                </Typography>
              ))}
            </Box>
          ) : null}
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            Whole months, whatever the dates above.
          </Typography>
        </>
      )}
    </Paper>
  );
}
