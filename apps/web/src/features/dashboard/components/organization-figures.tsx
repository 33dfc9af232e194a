import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { DashboardCardsReport } from '@clinic/domain';
import { errorMessage } from '../../../lib/api-client';
import { locationLine } from '../../../lib/profile';
import { dashboardCardsQueryOptions, type RangeReportParams } from '../api/reports-api';
import { CARD_FIGURES, cardValue, RangeCards } from './range-cards';
import { LoadingBar } from '../../../components/loading-bar';
import { useScrollTabStop } from '../../../components/use-scroll-tab-stop';

export const BY_LOCATION = 'Figures by location';

/** One column per location and the organization's total last, a row per figure: locations compare across. */
function ByLocationTable({ report }: { report: DashboardCardsReport }) {
  // The figure names stay in view while a wide organization scrolls sideways inside the card.
  const sticky = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper', whiteSpace: 'nowrap' } as const;
  const scroller = useScrollTabStop();
  return (
    <TableContainer ref={scroller} sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={BY_LOCATION}>
        <TableHead>
          <TableRow>
            <TableCell sx={sticky}>Figure</TableCell>
            {report.locations.map((l) => (
              <TableCell key={l.id} align="right" scope="col">
                {l.name}
                <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
                  {locationLine(l)}
                </Typography>
              </TableCell>
            ))}
            <TableCell align="right" scope="col" sx={{ fontWeight: 700 }}>
              Organization total
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {CARD_FIGURES.map((figure) => (
            <TableRow key={figure.key}>
              <TableCell component="th" scope="row" sx={sticky}>
                {figure.title}
              </TableCell>
              {report.locations.map((l) => (
                <TableCell key={l.id} align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {cardValue(l.cards, figure)}
                </TableCell>
              ))}
              <TableCell align="right" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {cardValue(report.totals, figure)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The organization's totals as cards, then every location side by side. */
export function OrganizationFigures({ params }: { params: RangeReportParams }) {
  const titleId = useId();
  const cards = useQuery(dashboardCardsQueryOptions(params));
  if (cards.isError) return <Alert severity="error">{errorMessage(cards.error, 'Could not load the figures.')}</Alert>;
  return (
    <>
      <RangeCards cards={cards.data?.totals} />
      <Paper component="section" aria-labelledby={titleId} sx={{ p: 2, minWidth: 0, position: 'relative', overflow: 'hidden' }}>
        <LoadingBar loading={cards.isFetching && cards.data !== undefined} label={`Loading ${BY_LOCATION}`} sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
        <Typography id={titleId} variant="h3" component="h2" sx={{ mb: 1 }}>
          {BY_LOCATION}
        </Typography>
        <Box>{cards.data ? <ByLocationTable report={cards.data} /> : <Skeleton variant="rounded" height={240} aria-label={`Loading ${BY_LOCATION}`} />}</Box>
      </Paper>
    </>
  );
}
