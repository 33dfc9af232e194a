import { PMS_MESSAGES, PROCEDURE_IMPORT_COLUMNS, procedureImportTemplateCsv, type ProcedureImportResult } from '@clinic/domain';
import { CsvImportCard, ImportOutcome } from '../../../components/upload/csv-import-card';
import { useImportProcedures } from '../api/pms-api';

const summary = (result: ProcedureImportResult) => `${PMS_MESSAGES.imported(result.imported)}; ${String(result.already_imported)} imported before; ${String(result.failed)} with problems.`;

/** The daily "procedures completed" export of any practice-management system, into the chair's waiting list. */
export function ProcedureImportCard() {
  const run = useImportProcedures();
  return (
    <CsvImportCard
      id="procedure-import"
      kind="procedure_csv_import"
      title="Import completed procedures"
      description={`The day's "procedures completed" export of your practice-management system (.csv or .xlsx). Columns: ${PROCEDURE_IMPORT_COLUMNS.map((c) => c.header).join(', ')}. A procedure imported twice counts once.`}
      template={{ csv: procedureImportTemplateCsv(), fileName: 'procedures-template.csv' }}
      fileLabel="procedures file"
      importFile={run.mutateAsync}
      busy={run.isPending}
      notice={(result) => PMS_MESSAGES.imported(result.imported)}
      outcome={(result) => <ImportOutcome summary={summary(result)} rows={result.rows} failedRowsLabel="Procedure rows that failed" />}
      failure="Could not import the procedures"
    />
  );
}
