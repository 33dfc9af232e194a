import { useQuery } from '@tanstack/react-query';
import { formatDollars } from '../../../lib/format';
import { wasteQueryOptions, type RangeReportParams } from '../api/reports-api';
import { hasWriteOffs, WASTE_COLUMNS } from '../report-columns';
import { csvFileName } from '../report-table';
import { ReportPanel } from './report-panel';
import { WasteChart } from './waste-chart';

export const WASTE_TITLE = 'Waste and credits';

/**
 * The dashboard's Waste card (issue 20): waste at cost and supplier credits over the range, with
 * their days as a chart or a table and a CSV export of every figure of the waste report.
 */
export function WastePanel({ params }: { params: RangeReportParams }) {
  const waste = useQuery(wasteQueryOptions(params));
  const totals = waste.data?.totals;
  return (
    <ReportPanel
      title={WASTE_TITLE}
      subtitle={
        totals
          ? `Waste ${formatDollars(totals.waste)} (expired and damaged, at cost) · Credits ${formatDollars(totals.credits)} from returns`
          : 'Expired and damaged stock written off, at cost, and what suppliers credited for returns'
      }
      columns={WASTE_COLUMNS}
      rows={waste.data?.results}
      rowKey={(r) => r.date}
      fetching={waste.isFetching}
      error={waste.error}
      fileName={csvFileName(WASTE_TITLE, params)}
      hasData={hasWriteOffs}
      emptyText="Nothing written off or returned in this range"
      chart={(rows) => <WasteChart days={rows} />}
    />
  );
}
