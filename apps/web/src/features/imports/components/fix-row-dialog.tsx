import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { IMPORT_MESSAGES, PRODUCT_IMPORT_COLUMNS, type ProductImportField, type ProductImportRow } from '@clinic/domain';
import { ActionDialog } from '../../../components/action-dialog';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { importCategoryNamesQueryOptions, useFixImportRow } from '../api/imports-api';
import { choicesFor, isChoiceField, matchChoice } from './fix-row-choices';

/** Corrects a failed row and retries it; the server's reasons stay on screen until it passes. */
export function FixRowDialog({ row, onClose }: { row: ProductImportRow; onClose: () => void }) {
  const notify = useNotify();
  const fix = useFixImportRow();
  const [values, setValues] = useState<Record<ProductImportField, string>>(
    () => Object.fromEntries(PRODUCT_IMPORT_COLUMNS.map((c) => [c.key, row.data[c.key] ?? ''])) as Record<ProductImportField, string>,
  );
  const [problem, setProblem] = useState<string | null>(row.reason);
  const categories = useQuery(importCategoryNamesQueryOptions()).data ?? [];
  const submit = () => {
    fix.mutate(
      { id: row.id, body: values },
      {
        onSuccess: () => {
          notify.success(IMPORT_MESSAGES.rowFixed);
          onClose();
        },
        onError: (error) => { setProblem(errorMessage(error, IMPORT_MESSAGES.rowStillFailing)); },
      },
    );
  };

  return (
    <ActionDialog form title={`Fix row ${String(row.row_number)}`} plainContent submitLabel="Import row" onSubmit={submit} pending={fix.isPending} cancelDisabledWhilePending onClose={onClose} maxWidth="md">
      {problem ? (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {problem}
        </Alert>
      ) : null}
      <Grid container spacing={2} sx={{ pt: 1 }}>
        {PRODUCT_IMPORT_COLUMNS.map((column) => {
          // Columns with fixed values are picked from their list, so a typo cannot fail the row again.
          const choices = isChoiceField(column.key) ? choicesFor(column.key, values[column.key], categories) : null;
          return (
            <Grid key={column.key} size={{ xs: 12, sm: column.key === 'description' ? 12 : 6 }}>
              <TextField
                fullWidth
                select={choices !== null}
                label={column.header}
                required={column.required}
                value={choices ? matchChoice(values[column.key], choices) : values[column.key]}
                placeholder={choices ? undefined : column.example}
                onChange={(event) => { setValues((v) => ({ ...v, [column.key]: event.target.value })); }}
              >
                {choices?.map((choice) => (
                  <MenuItem key={choice || 'none'} value={choice}>
                    {choice || <em>None</em>}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
          );
        })}
      </Grid>
    </ActionDialog>
  );
}
