import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CATEGORY_MESSAGES, TreatmentCategoryFieldsSchema, type TreatmentCategory } from '@clinic/domain';
import { useNotify } from '../../../components/notifications/use-notify';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSaveTreatmentCategory } from '../api/treatments-api';

export interface TreatmentCategoryDialogProps {
  /** The category to edit; none to add one. */
  category?: TreatmentCategory | undefined;
  onClose: () => void;
}

/** Add or edit a treatment category, with the spec's category messages. */
export function TreatmentCategoryDialog({ category, onClose }: TreatmentCategoryDialogProps) {
  const notify = useNotify();
  const save = useSaveTreatmentCategory();
  const [name, setName] = useState(category?.name ?? '');
  const [description, setDescription] = useState(category?.description ?? '');
  const [touched, setTouched] = useState(false);
  const parsed = TreatmentCategoryFieldsSchema.safeParse({ name, description });
  const nameError = touched && !parsed.success ? parsed.error.issues.find((i) => i.path[0] === 'name')?.message : undefined;

  const submit = () => {
    setTouched(true);
    if (!parsed.success) return;
    save.mutate(
      { id: category?.id, body: parsed.data },
      {
        onSuccess: () => {
          notify.success(category ? CATEGORY_MESSAGES.updated : CATEGORY_MESSAGES.added);
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) notify.error(CATEGORY_MESSAGES.exists);
          else notify.error(errorMessage(error, category ? CATEGORY_MESSAGES.updateFailed : CATEGORY_MESSAGES.createFailed));
        },
      },
    );
  };

  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="treatment-category-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <DialogTitle id="treatment-category-title">{category ? 'Edit Category' : 'Add Category'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label="Name" required autoFocus value={name} onChange={(e) => { setName(e.target.value); }} onBlur={() => { setTouched(true); }} error={Boolean(nameError)} helperText={nameError} />
            <TextField label="Description" multiline minRows={2} value={description} onChange={(e) => { setDescription(e.target.value); }} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
