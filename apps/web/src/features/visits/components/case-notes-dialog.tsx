import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TREATMENT_LOG_MESSAGES, UpdateTreatmentLogRequestSchema, type TreatmentLog } from '@clinic/domain';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateCaseNotes } from '../api/visits-api';

/** Spec section 2: the case notes dialog, with a view mode and an edit mode. */
export function CaseNotesDialog({ visit, canEdit, onClose }: { visit: TreatmentLog; canEdit: boolean; onClose: () => void }) {
  const notify = useNotify();
  const update = useUpdateCaseNotes();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(visit.caseNotes);
  const error = UpdateTreatmentLogRequestSchema.safeParse({ caseNotes: text }).error?.issues[0]?.message;

  const save = () =>
    update.mutate(
      { id: visit.id, caseNotes: text },
      {
        onSuccess: () => {
          notify.success(TREATMENT_LOG_MESSAGES.caseNotesSaved);
          setEditing(false);
        },
        onError: (e) => { notify.error(errorMessage(e, TREATMENT_LOG_MESSAGES.caseNotesSaveFailed)); },
      },
    );

  return (
    <Dialog open onClose={update.isPending ? undefined : onClose} maxWidth="md" fullWidth aria-labelledby="case-notes-dialog-title">
      <DialogTitle id="case-notes-dialog-title">Case notes</DialogTitle>
      <DialogContent>
        {editing ? (
          <TextField label="Case notes" multiline minRows={8} fullWidth autoFocus value={text} onChange={(e) => { setText(e.target.value); }} error={Boolean(error)} helperText={error} sx={{ mt: 1 }} />
        ) : (
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{visit.caseNotes || TREATMENT_LOG_MESSAGES.noCaseNotes}</Typography>
        )}
      </DialogContent>
      <DialogActions>
        {editing ? (
          <>
            <Button
              onClick={() => {
                setText(visit.caseNotes);
                setEditing(false);
              }}
              disabled={update.isPending}
            >
              Cancel
            </Button>
            <Button variant="contained" onClick={save} loading={update.isPending} disabled={Boolean(error)}>
              Save
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onClose}>Close</Button>
            {canEdit ? (
              <Button variant="contained" onClick={() => { setEditing(true); }}>
                Edit
              </Button>
            ) : null}
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
