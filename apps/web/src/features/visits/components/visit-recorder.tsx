import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { UPLOAD_MESSAGES, type TreatmentLog } from '@clinic/domain';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { useAudioRecorder } from '../../../lib/use-audio-recorder';
import { useAttachRecordings } from '../api/visits-api';
import { recordingSavedMessage } from '../recording-saved';
import { uploadRecordings } from '../recording-upload';
import { useClips } from '../use-clips';
import { ClipRecorder } from './clip-recorder';

/**
 * A recording added to a saved visit that has none (patient history): saving uploads the clips
 * as audio/wav and attaches them to the visit, which starts its case notes.
 */
export function VisitRecorder({ visit, onClose }: { visit: TreatmentLog; onClose: () => void }) {
  const notify = useNotify();
  const save = useAttachRecordings();
  const recorder = useAudioRecorder();
  const { clips, add, remove } = useClips();
  const [saving, setSaving] = useState<string | null>(null);

  const submit = async () => {
    try {
      const urls = await uploadRecordings(
        clips.map((clip) => clip.blob),
        (index, count) => { setSaving(`${UPLOAD_MESSAGES.uploading} ${String(index + 1)} of ${String(count)}`); },
      );
      setSaving('Saving…');
      notify.success(recordingSavedMessage(await save.mutateAsync({ id: visit.id, recordingUrls: urls })));
      onClose();
    } catch (error) {
      notify.error(errorMessage(error, UPLOAD_MESSAGES.failed));
    } finally {
      setSaving(null);
    }
  };

  return (
    <ClipRecorder recorder={recorder} clips={clips} onAdd={add} onRemove={remove} locked={saving !== null}>
      {saving ? (
        <Box sx={{ mt: 2 }}>
          <Typography variant="body2">{saving}</Typography>
          <LinearProgress aria-label="Saving the recording" />
        </Box>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 2 }}>
        <Button onClick={onClose} disabled={saving !== null || recorder.state !== 'idle'}>
          Cancel
        </Button>
        {clips.length > 0 ? (
          <Button variant="contained" onClick={() => { void submit(); }} disabled={recorder.state !== 'idle'} loading={saving !== null}>
            Save recording
          </Button>
        ) : null}
      </Stack>
    </ClipRecorder>
  );
}
