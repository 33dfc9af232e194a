import { useEffect, useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import { UPLOAD_ACCEPT, type UploadType } from '@clinic/domain';
import { useFileUpload } from './use-file-upload';
import { UploadProgress } from './upload-progress';

export interface ImageUploadFieldProps {
  label: string;
  type: UploadType;
  /** The image shown now: the record's signed address, or null. */
  currentUrl: string | null;
  /** Called with the new stored address, or null when the image is removed. */
  onChange: (storedUrl: string | null) => void;
  /** Lets the form wait while the file is still going up. */
  onBusyChange?: (busy: boolean) => void;
  disabled?: boolean;
}

/** Pick an image, preview it at once, upload it with progress; remove it again. */
export function ImageUploadField({ label, type, currentUrl, onChange, onBusyChange, disabled = false }: ImageUploadFieldProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useFileUpload(type);
  const [preview, setPreview] = useState<string | null>(currentUrl);

  // Tell the form only when the busy state flips, whatever callback identity it passes.
  const busyListener = useRef(onBusyChange);
  useEffect(() => { busyListener.current = onBusyChange; });
  useEffect(() => { busyListener.current?.(upload.status === 'uploading'); }, [upload.status]);
  // A local preview lives until the next one replaces it.
  useEffect(() => () => { if (preview?.startsWith('blob:')) URL.revokeObjectURL(preview); }, [preview]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setPreview(URL.createObjectURL(file));
    const stored = await upload.start(file);
    if (stored) onChange(stored);
    else setPreview(currentUrl);
  };

  return (
    <Box>
      <Typography component="label" htmlFor={inputId} variant="body2" color="text.secondary" sx={{ display: 'block', mb: 1 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box
          sx={{ width: 96, height: 96, borderRadius: 2, border: 1, borderColor: 'divider', bgcolor: 'grey.50', display: 'grid', placeItems: 'center', overflow: 'hidden', flexShrink: 0 }}
        >
          {preview ? <Box component="img" src={preview} alt={`${label} preview`} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : <ImageOutlined color="disabled" fontSize="large" />}
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0, flex: 1 }}>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" size="small" disabled={disabled || upload.status === 'uploading'} onClick={() => input.current?.click()}>
              {preview ? 'Change image' : 'Choose image'}
            </Button>
            {preview ? (
              <Button
                size="small"
                color="error"
                disabled={disabled || upload.status === 'uploading'}
                onClick={() => {
                  upload.reset();
                  setPreview(null);
                  onChange(null);
                }}
              >
                Remove image
              </Button>
            ) : null}
          </Box>
          <UploadProgress state={upload} />
        </Box>
      </Box>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={UPLOAD_ACCEPT[type]}
        hidden
        onChange={(event) => {
          void choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </Box>
  );
}
