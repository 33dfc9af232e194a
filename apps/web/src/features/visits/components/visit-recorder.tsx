import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import FiberManualRecord from '@mui/icons-material/FiberManualRecord';
import PauseOutlined from '@mui/icons-material/PauseOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import StopOutlined from '@mui/icons-material/StopOutlined';
import { TREATMENT_LOG_MESSAGES, UPLOAD_MESSAGES, type TreatmentLog } from '@clinic/domain';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { uploadFile } from '../../../lib/upload';
import { useAudioRecorder } from '../../../lib/use-audio-recorder';
import { toWavFile } from '../../../lib/wav';
import { useSaveRecordings } from '../api/visits-api';

interface Clip {
  id: string;
  blob: Blob;
  url: string;
}

/**
 * Spec section 2, Treatment execution recording: record, pause, resume, stop, listen to and
 * remove clips before saving; saving writes each as audio/wav, uploads it
 * (treatment_execution_recording) and attaches them to the visit, which starts its case notes.
 */
export function VisitRecorder({ visit, onClose }: { visit: TreatmentLog; onClose: () => void }) {
  const notify = useNotify();
  const save = useSaveRecordings(visit.patient.id);
  const recorder = useAudioRecorder();
  const state = recorder.state;
  const [clips, setClips] = useState<Clip[]>([]);
  const [saving, setSaving] = useState<string | null>(null);

  // Let go of the clips' object URLs when the panel closes (the hook lets go of the microphone).
  useEffect(() => () => { clips.forEach((clip) => { URL.revokeObjectURL(clip.url); }); }, [clips]);

  const stop = async () => {
    const blob = await recorder.stop();
    if (blob) setClips((all) => [...all, { id: crypto.randomUUID(), blob, url: URL.createObjectURL(blob) }]);
  };

  const submit = async () => {
    try {
      const urls: string[] = [];
      for (const [index, clip] of clips.entries()) {
        setSaving(`${UPLOAD_MESSAGES.uploading} ${String(index + 1)} of ${String(clips.length)}`);
        const file = await toWavFile(clip.blob, `recording-${String(index + 1)}.wav`);
        urls.push(await uploadFile(file, 'treatment_execution_recording', () => undefined));
      }
      setSaving('Saving…');
      await save.mutateAsync({ id: visit.id, recordingUrls: urls });
      notify.success(TREATMENT_LOG_MESSAGES.recordingSaved);
      onClose();
    } catch (error) {
      notify.error(errorMessage(error, UPLOAD_MESSAGES.failed));
    } finally {
      setSaving(null);
    }
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
          <Button variant="contained" color="error" startIcon={<FiberManualRecord />} onClick={() => { void recorder.start(); }} disabled={saving !== null}>
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
            <audio controls src={clip.url} aria-label={`Clip ${String(index + 1)}`} />
            <IconButton aria-label={`Remove clip ${String(index + 1)}`} onClick={() => { setClips((all) => all.filter((c) => c.id !== clip.id)); }} disabled={saving !== null}>
              <DeleteOutlined />
            </IconButton>
          </Box>
        ))}
      </Stack>
      {saving ? (
        <Box sx={{ mt: 2 }}>
          <Typography variant="body2">{saving}</Typography>
          <LinearProgress aria-label="Saving the recording" />
        </Box>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 2 }}>
        <Button onClick={onClose} disabled={saving !== null || state !== 'idle'}>
          Cancel
        </Button>
        {clips.length > 0 ? (
          <Button variant="contained" onClick={() => { void submit(); }} disabled={state !== 'idle'} loading={saving !== null}>
            Save recording
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
