import { useState } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { TREATMENT_IMPORT_COLUMNS, TREATMENT_IMPORT_MESSAGES, treatmentImportTemplateCsv, type Company } from '@clinic/domain';
import { CsvImportCard, ImportOutcome } from '../../../components/upload/csv-import-card';
import { useImportTreatments } from '../api/imports-api';
import { LocationPicker } from './location-picker';

/**
 * Treatment designs from a .csv or .xlsx file for one client location (`POST import/treatment`): the answer
 * comes at once, the rows that failed listed with their reasons.
 */
export function TreatmentImportCard() {
  const run = useImportTreatments();
  const [location, setLocation] = useState<Company | null>(null);
  const [missingLocation, setMissingLocation] = useState(false);

  return (
    <CsvImportCard
      id="treatment-import"
      kind="treatment_csv_import"
      title="Import treatment designs"
      titleVariant="h6"
      description={`Columns: ${TREATMENT_IMPORT_COLUMNS.map((c) => c.header).join(', ')}. Products are barcode x quantity, separated by semicolons; categories must exist at the location.`}
      template={{ csv: treatmentImportTemplateCsv(), fileName: 'treatment-import-template.csv' }}
      fields={
        <LocationPicker
          label="Location of the treatments"
          helperText={missingLocation && !location ? TREATMENT_IMPORT_MESSAGES.locationRequired : 'Required'}
          error={missingLocation && !location}
          value={location}
          onChange={setLocation}
        />
      }
      fileLabel="treatments file"
      button={{ variant: 'outlined' }}
      ready={() => {
        if (!location) setMissingLocation(true);
        return location !== null;
      }}
      importFile={(fileUrl) => run.mutateAsync({ fileUrl, locationId: location!.id })}
      busy={run.isPending}
      notice={(result) => TREATMENT_IMPORT_MESSAGES.done(result.succeeded_rows, result.failed_rows)}
      failure="Could not import the treatments"
      outcome={(result) => (
        <ImportOutcome
          summary={TREATMENT_IMPORT_MESSAGES.done(result.succeeded_rows, result.failed_rows)}
          rows={result.rows}
          failedRowsLabel="Treatment rows that failed"
          failedRows={(failed) => (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label="Treatment rows that failed" sx={{ mt: 1 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>Row</TableCell>
                    <TableCell>Treatment Code</TableCell>
                    <TableCell>Reason</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {failed.map((row) => (
                    <TableRow key={row.row_number}>
                      <TableCell>{row.row_number}</TableCell>
                      <TableCell>{row.treatment_code}</TableCell>
                      <TableCell sx={{ color: 'error.main' }}>{row.reason}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        />
      )}
    />
  );
}
