import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { todayIso } from '../../../lib/format';
import { stocksAboutToExpireQueryOptions, type ReportScope } from '../api/reports-api';
import { expiringStockColumns } from '../report-columns';
import { csvFileName } from '../report-table';
import { ReportPanel } from './report-panel';

const TITLE = 'Stocks about to expire';

/** Lots to use first or return, soonest first; about today, whatever range is chosen above. */
export function ExpiringStocksPanel({ scope }: { scope: ReportScope }) {
  const expiring = useQuery(stocksAboutToExpireQueryOptions(scope));
  const data = expiring.data;
  return (
    <ReportPanel
      title={TITLE}
      subtitle={data ? `Lots with units left that expire within ${String(data.days)} days` : undefined}
      columns={expiringStockColumns(scope === 'organization')}
      rows={data?.results}
      rowKey={(r) => r.stock_id}
      fetching={expiring.isFetching}
      error={expiring.error}
      fileName={csvFileName(TITLE, todayIso())}
      emptyText={data ? `No lot expires within ${String(data.days)} days` : undefined}
      footer={
        data && data.total > data.results.length ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {`The ${String(data.results.length)} soonest of ${String(data.total)} lots`}
          </Typography>
        ) : null
      }
    />
  );
}
