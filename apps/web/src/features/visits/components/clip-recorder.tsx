import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import FiberManualRecord from '@mui/icons-material/FiberManualRecord';
import PauseOutlined from '@mui/icons-material/PauseOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import StopOutlined from '@mui/icons-material/StopOutlined';
import type { useAudioRecorder } from '../../../lib/use-audio-recorder';
import type { Clip } from '../use-clips';

interface ClipRecorderProps {
  recorder: ReturnType<typeof useAudioRecorder>;
  clips: Clip[];
  onAdd: (clip: Blob) => void;
  onRemove: (id: string) => void;
  /** While the clips are being saved: no new recording, no removing. */
  locked: boolean;
  /** Under the clips: what saving looks like here, and the buttons. */
  children?: ReactNode;
}

/**
 * Spec section 2, Treatment execution recording: record, pause, resume, stop, listen to and
 * remove clips before saving. The owner keeps the recorder and the clips (and saves them).
 */
export function ClipRecorder({ recorder, clips, onAdd, onRemove, locked, children }: ClipRecorderProps) {
  const state = recorder.state;
  const stop = async () => {
    const blob = await recorder.stop();
    if (blob) onAdd(blob);
  };

  return (
    <Paper component="section" aria-labelledby="recorder-title" sx={{ p: 2 }}>
      <Typography id="recorder-title" variant="h2" sx={{ mb: 1 }}>
        Recording
      </Typography>
      {recorder.problem ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {recorder.problem}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        {state === 'idle' ? (
          <Button variant="contained" color="error" startIcon={<FiberManualRecord />} onClick={() => { void recorder.start(); }} disabled={locked}>
            Record
          </Button>
        ) : null}
        {state === 'recording' ? (
          <Button variant="outlined" startIcon={<PauseOutlined />} onClick={recorder.pause}>
            Pause
          </Button>
        ) : null}
        {state === 'paused' ? (
          <Button variant="outlined" startIcon={<PlayArrowOutlined />} onClick={recorder.resume}>
            Resume
          </Button>
        ) : null}
        {state !== 'idle' ? (
          <Button variant="contained" startIcon={<StopOutlined />} onClick={() => { void stop(); }}>
            Stop
          </Button>
        ) : null}
        <Typography role="status" variant="body2" color="text.secondary">
          {state === 'recording' ? 'Recording…' : state === 'paused' ? 'Paused' : clips.length === 0 ? 'No recording yet' : `${String(clips.length)} ${clips.length === 1 ? 'clip' : 'clips'} ready`}
        </Typography>
      </Stack>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {clips.map((clip, index) => (
          <Box component="li" key={clip.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box component="audio" controls src={clip.url} aria-label={`Clip ${String(index + 1)}`} sx={{ maxWidth: '100%', minWidth: 0 }} />
            <IconButton aria-label={`Remove clip ${String(index + 1)}`} onClick={() => { onRemove(clip.id); }} disabled={locked}>
              <DeleteOutlined />
            </IconButton>
          </Box>
        ))}
      </Stack>
      {children}
    </Paper>
  );
}
