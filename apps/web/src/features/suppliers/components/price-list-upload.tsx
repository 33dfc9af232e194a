import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { MARKETPLACE_MESSAGES } from '@clinic/domain';
import { useNotify } from '../../../components/notifications/use-notify';
import { ApiError, errorMessage, type FieldError } from '../../../lib/api-client';
import { useUploadPriceList } from '../api/price-list-api';
import { PRICE_LIST_ACCEPT, PRICE_LIST_COLUMNS_TEXT, priceListFileProblem } from '../price-list-file';

/** Rows a refused file lists at most; the rest are counted. */
const SHOWN_ERRORS = 10;

interface UploadProblem {
  message: string;
  errors: FieldError[];
}

/** Choose a .csv or .xlsx: it replaces the supplier's price list; a refused file says which rows are wrong. */
export function PriceListUpload({ supplierId, hasList }: { supplierId: string; hasList: boolean }) {
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadPriceList(supplierId);
  const [problem, setProblem] = useState<UploadProblem | null>(null);

  const choose = (file: File | undefined) => {
    if (!file) return;
    const refused = priceListFileProblem(file);
    if (refused) {
      setProblem({ message: refused, errors: [] });
      return;
    }
    setProblem(null);
    upload.mutate(file, {
      onSuccess: (summary) => { notify.success(MARKETPLACE_MESSAGES.priceListUploaded(summary.items)); },
      onError: (error) => { setProblem({ message: errorMessage(error, MARKETPLACE_MESSAGES.priceListFailed), errors: error instanceof ApiError ? error.errors : [] }); },
    });
  };

  return (
    <Box sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: { xs: 'stretch', sm: 'center' }, flexDirection: { xs: 'column', sm: 'row' } }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          A .csv or .xlsx file with the columns {PRICE_LIST_COLUMNS_TEXT}. {hasList ? 'A new file replaces the current list.' : ''}
        </Typography>
        <Button variant="contained" startIcon={<UploadFileOutlined />} loading={upload.isPending} loadingPosition="start" onClick={() => input.current?.click()}>
          {hasList ? 'Replace price list' : 'Upload price list'}
        </Button>
        <input
          ref={input}
          hidden
          type="file"
          accept={PRICE_LIST_ACCEPT}
          aria-label="Price list file"
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Box>
      {problem ? (
        <Alert severity="error" sx={{ mt: 2 }} onClose={() => { setProblem(null); }}>
          {problem.message}
          {problem.errors.length > 0 ? (
            <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
              {problem.errors.slice(0, SHOWN_ERRORS).map((e, index) => (
                <li key={`${e.field}-${String(index)}`}>{e.field ? `${e.field}: ${e.message}` : e.message}</li>
              ))}
              {problem.errors.length > SHOWN_ERRORS ? <li>and {problem.errors.length - SHOWN_ERRORS} more</li> : null}
            </Box>
          ) : null}
        </Alert>
      ) : null}
    </Box>
  );
}
