import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { UPLOAD_MESSAGES } from '@clinic/domain';
import type { FileUploadState } from './use-file-upload';

/** 'Uploading....' with a progress bar, then 'Upload done' or the failure text. */
export function UploadProgress({ state }: { state: FileUploadState }) {
  if (state.status === 'idle') return null;
  if (state.status === 'error') {
    return (
      <Typography role="alert" variant="body2" color="error">
        {state.error ?? UPLOAD_MESSAGES.failed}
      </Typography>
    );
  }
  const percent = Math.round(state.progress * 100);
  return (
    <Box role="status" aria-live="polite">
      <Typography variant="body2" color={state.status === 'done' ? 'success.main' : 'text.secondary'}>
        {state.status === 'done' ? UPLOAD_MESSAGES.done : `${UPLOAD_MESSAGES.uploading} ${String(percent)}%`}
      </Typography>
      {state.status === 'uploading' ? <LinearProgress variant="determinate" value={percent} aria-label="Upload progress" /> : null}
    </Box>
  );
}
