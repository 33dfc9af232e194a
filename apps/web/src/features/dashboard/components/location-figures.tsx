import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-client';
import { dashboardCardsQueryOptions, type RangeReportParams } from '../api/reports-api';
import { RangeCards } from './range-cards';

/** The current location's six figures for the range. */
export function LocationFigures({ params }: { params: RangeReportParams }) {
  const cards = useQuery(dashboardCardsQueryOptions(params));
  if (cards.isError) return <Alert severity="error">{errorMessage(cards.error, 'Could not load the figures.')}</Alert>;
  return <RangeCards cards={cards.data?.totals} />;
}
