import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown when a page fails to load or render, e.g. a chunk missing after a new release. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${String(error.status)} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <Box role="alert" sx={{ p: 4, maxWidth: 560, mx: 'auto', textAlign: 'center' }}>
      <Typography variant="h1" gutterBottom>
        Something went wrong
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        This page could not be shown. Reloading usually fixes it.
        {detail ? ` (${detail})` : null}
      </Typography>
      <Button variant="contained" onClick={() => { window.location.reload(); }}>
        Reload
      </Button>
    </Box>
  );
}
