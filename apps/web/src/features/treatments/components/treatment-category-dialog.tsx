import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { CATEGORY_MESSAGES, TreatmentCategoryFieldsSchema, type TreatmentCategory } from '@clinic/domain';
import { ActionDialog } from '../../../components/action-dialog';
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
    <ActionDialog form title={category ? 'Edit Category' : 'Add Category'} submitLabel="Save" onSubmit={submit} pending={save.isPending} cancelDisabledWhilePending onClose={onClose} maxWidth="xs">
      <TextField label="Name" required autoFocus value={name} onChange={(e) => { setName(e.target.value); }} onBlur={() => { setTouched(true); }} error={Boolean(nameError)} helperText={nameError} />
      <TextField label="Description" multiline minRows={2} value={description} onChange={(e) => { setDescription(e.target.value); }} />
    </ActionDialog>
  );
}
