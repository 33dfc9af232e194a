import { useState } from 'react';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MAX_UPLOAD_BYTES, PRODUCT_MESSAGES, UPLOAD_MESSAGES, type AttachmentType } from '@clinic/domain';
import { ActionDialog } from '../../../components/action-dialog';
import { useNotify } from '../../../components/notifications/use-notify';
import { UploadProgress } from '../../../components/upload/upload-progress';
import { useFileUpload } from '../../../components/upload/use-file-upload';
import { ApiError } from '../../../lib/api-client';
import { useAddAttachment } from '../api/products-api';

/** Spec section 5: PDFs must be application/pdf, images image/*, at most 50 MB; videos are a non-blank link. */
export function attachmentFileProblem(type: 'image' | 'document', file: { type: string; size: number }): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge;
  const allowed = type === 'document' ? file.type === 'application/pdf' : file.type.startsWith('image/');
  return allowed ? null : UPLOAD_MESSAGES.typeNotAllowed(file.type || 'unknown');
}

const ACCEPT = { image: 'image/*', document: 'application/pdf' } as const;

export function AddAttachmentDialog({ productId, onClose }: { productId: string; onClose: () => void }) {
  const notify = useNotify();
  const add = useAddAttachment(productId);
  const upload = useFileUpload('product_attachment');
  const [type, setType] = useState<AttachmentType>('document');
  const [name, setName] = useState('');
  const [link, setLink] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ name?: string; value?: string }>({});

  const submit = async () => {
    const problems: typeof errors = {};
    if (!name.trim()) problems.name = 'Name is required';
    if (type === 'video' && !link.trim()) problems.value = PRODUCT_MESSAGES.videoLinkRequired;
    if (type !== 'video') {
      if (!file) problems.value = 'Choose a file';
      else {
        const problem = attachmentFileProblem(type, file);
        if (problem) problems.value = problem;
      }
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    let value = link.trim();
    if (type !== 'video' && file) {
      const stored = await upload.start(file);
      if (!stored) return;
      value = stored;
    }
    add.mutate(
      { name: name.trim(), type, value },
      {
        onSuccess: () => {
          notify.success(PRODUCT_MESSAGES.attachmentAdded);
          onClose();
        },
        onError: (error) => {
          const fieldError = error instanceof ApiError ? error.errors.find((e) => e.field === 'value' || e.field === 'name') : undefined;
          if (fieldError) setErrors({ [fieldError.field]: fieldError.message });
          else notify.error(UPLOAD_MESSAGES.failed);
        },
      },
    );
  };

  const busy = upload.status === 'uploading' || add.isPending;
  return (
    <ActionDialog form title="Add Instructions For Use" submitLabel="Add" onSubmit={() => void submit()} pending={busy} cancelDisabledWhilePending onClose={onClose}>
      <RadioGroup
        row
        aria-label="Attachment type"
        value={type}
        onChange={(event) => {
          setType(event.target.value as AttachmentType);
          setFile(null);
          setErrors({});
        }}
      >
        <FormControlLabel value="document" control={<Radio />} label="PDF document" />
        <FormControlLabel value="image" control={<Radio />} label="Image" />
        <FormControlLabel value="video" control={<Radio />} label="Video link" />
      </RadioGroup>
      <TextField label="Name" required value={name} onChange={(event) => { setName(event.target.value); }} error={Boolean(errors.name)} helperText={errors.name} />
      {type === 'video' ? (
        <TextField
          label="Video link"
          required
          type="url"
          placeholder="https://"
          value={link}
          onChange={(event) => { setLink(event.target.value); }}
          error={Boolean(errors.value)}
          helperText={errors.value}
        />
      ) : (
        <Stack spacing={1}>
          <Button variant="outlined" component="label" sx={{ alignSelf: 'flex-start' }}>
            {file ? 'Choose another file' : type === 'document' ? 'Choose PDF' : 'Choose image'}
            <input
              hidden
              type="file"
              accept={ACCEPT[type]}
              aria-label={type === 'document' ? 'PDF file' : 'Image file'}
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                setFile(chosen);
                setErrors((e) => ({ ...e, value: chosen ? (attachmentFileProblem(type, chosen) ?? undefined) : undefined }));
                event.target.value = '';
              }}
            />
          </Button>
          {file ? <Typography variant="body2">{file.name}</Typography> : null}
          {errors.value ? (
            <Typography variant="body2" color="error" role="alert">
              {errors.value}
            </Typography>
          ) : null}
          <UploadProgress state={upload} />
        </Stack>
      )}
    </ActionDialog>
  );
}
