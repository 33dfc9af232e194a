import { SCHEDULE_IMPORT_COLUMNS, UPCOMING_DAYS, scheduleImportTemplateCsv, type ScheduleImportResult } from '@clinic/domain';
import { CsvImportCard, ImportOutcome } from '../../../components/upload/csv-import-card';
import { useImportSchedule } from '../api/pms-api';

const planned = (count: number) => `${String(count)} planned ${count === 1 ? 'procedure' : 'procedures'} imported`;
const summary = (result: ScheduleImportResult) => `${planned(result.imported)} for ${String(result.days.length)} ${result.days.length === 1 ? 'day' : 'days'}; ${String(result.failed)} with problems.`;

/** A schedule exported from any practice-management system: the upcoming trays plan its appointments. */
export function ScheduleImportCard() {
  const run = useImportSchedule();
  return (
    <CsvImportCard
      id="schedule-import"
      kind="schedule_csv_import"
      title="Import the schedule"
      description={`The procedures planned on your appointments of the next ${String(UPCOMING_DAYS)} days, exported from your practice-management system (.csv or .xlsx). Columns: ${SCHEDULE_IMPORT_COLUMNS.map((c) => c.header).join(', ')}. The days in the file replace what was planned on them.`}
      template={{ csv: scheduleImportTemplateCsv(), fileName: 'schedule-template.csv' }}
      fileLabel="schedule file"
      importFile={run.mutateAsync}
      busy={run.isPending}
      notice={(result) => planned(result.imported)}
      outcome={(result) => <ImportOutcome summary={summary(result)} rows={result.rows} failedRowsLabel="Schedule rows that failed" />}
      failure="Could not import the schedule"
    />
  );
}
