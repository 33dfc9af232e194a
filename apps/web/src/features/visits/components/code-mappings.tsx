import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { PMS_MESSAGES, type ProcedureCode } from '@clinic/domain';
import { useNotify } from '../../../components/notifications/use-notify';
import { tableCardsSx } from '../../../components/table-cards-sx';
import { errorMessage } from '../../../lib/api-client';
import { currentOptions } from '../../../lib/current-options';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { procedureCodesQueryOptions, useMapProcedureCode } from '../api/pms-api';
import { treatmentChoicesQueryOptions } from '../api/visits-api';

type Choice = { id: string; name: string; treatment_code: string };
const COLUMNS = [{ label: 'Procedure code' }, { label: 'Seen' }, { label: 'Treatment' }];

/** One code's treatment, searched among the location's designs; the one whose code matches is offered first. */
function TreatmentPicker({ row, disabled, onPick }: { row: ProcedureCode; disabled: boolean; onPick: (treatment: Choice | null) => void }) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input, 250);
  const choices = useQuery(treatmentChoicesQueryOptions(search));
  const value: Choice | null = row.treatment ? { id: row.treatment.id, name: row.treatment.name, treatment_code: row.treatment.code } : null;
  return (
    <Autocomplete<Choice>
      size="small"
      options={currentOptions(choices.data ?? [], input, choices.isPlaceholderData ? null : search, (t) => [t.treatment_code, t.name])}
      value={value}
      disabled={disabled}
      onChange={(_e, next) => { onPick(next); }}
      inputValue={input}
      onInputChange={(_e, next) => { setInput(next); }}
      filterOptions={(all) => all}
      getOptionLabel={(t) => `${t.treatment_code} · ${t.name}`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText="No treatments found. Design them under Treatments, Design."
      renderInput={(params) => <TextField {...params} label={`Treatment for ${row.code}`} />}
      sx={{ minWidth: 260 }}
    />
  );
}

/**
 * The location's procedure codes (issue 36): those seen from the PMS with how often, unmapped
 * first, each mapped to one of the location's treatments (its tray is what a procedure takes).
 */
export function CodeMappings() {
  const notify = useNotify();
  const codes = useQuery(procedureCodesQueryOptions());
  const map = useMapProcedureCode();
  const save = (code: string, treatmentId: string | null) => {
    map.mutate({ code, treatment_id: treatmentId }, { onSuccess: () => { notify.success(treatmentId ? PMS_MESSAGES.mappingSaved : PMS_MESSAGES.mappingRemoved); }, onError: (error) => { notify.error(errorMessage(error, 'Could not map the code')); } });
  };
  const rows = codes.data?.codes ?? [];
  return (
    <Box component="section" aria-labelledby="codes-title">
      <Typography id="codes-title" variant="h2" sx={{ mb: 1 }}>
        Procedure codes
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Each code the practice system sends becomes a treatment here: its tray is what the procedure takes from stock.
      </Typography>
      <Paper sx={{ overflow: 'hidden', position: 'relative' }}>
        <TableContainer>
          <Table size="small" aria-label="Procedure codes" sx={tableCardsSx(COLUMNS)}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((c) => (
                  <TableCell key={c.label}>{c.label}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={3}>No procedure codes yet: import the procedures of a day.</TableCell>
                </TableRow>
              ) : null}
              {rows.map((row) => (
                <TableRow key={row.code}>
                  <TableCell>
                    <Typography component="span" sx={{ fontWeight: 600 }}>
                      {row.code}
                    </Typography>
                    {row.treatment ? null : <Chip size="small" color="warning" variant="outlined" label="Not mapped" sx={{ ml: 1 }} />}
                  </TableCell>
                  <TableCell>{row.seen}</TableCell>
                  <TableCell>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                      <TreatmentPicker row={row} disabled={map.isPending} onPick={(t) => { save(row.code, t?.id ?? null); }} />
                      {row.suggested ? (
                        <Button onClick={() => { save(row.code, row.suggested!.id); }} disabled={map.isPending} sx={{ minHeight: 44 }} aria-label={`Map ${row.code} to ${row.suggested.code} ${row.suggested.name}`}>
                          Use {row.suggested.code} · {row.suggested.name}
                        </Button>
                      ) : null}
                    </Box>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Box>
  );
}
