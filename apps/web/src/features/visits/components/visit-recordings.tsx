import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TreatmentLog } from '@clinic/domain';

/**
 * The visit's saved recordings, to listen to again. The addresses are the server's signed,
 * expiring file links (GET /api/files/…), handed out only with a visit the reader may see.
 */
export function VisitRecordings({ visit }: { visit: TreatmentLog }) {
  if (visit.recordingUrls.length === 0) return null;
  return (
    <Paper component="section" aria-labelledby="recordings-title" sx={{ p: 2 }}>
      <Typography id="recordings-title" variant="h2" sx={{ mb: 1 }}>
        Recordings
      </Typography>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {visit.recordingUrls.map((url, index) => (
          <Box component="li" key={url}>
            <Box component="audio" controls preload="metadata" src={url} aria-label={`Recording ${String(index + 1)}`} sx={{ maxWidth: '100%' }} />
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}
