import { useCallback, useRef, useState } from 'react';
import { UPLOAD_MESSAGES, type UploadType } from '@clinic/domain';
import { uploadFile, UploadError } from '../../lib/upload';

export type UploadStatus = 'idle' | 'uploading' | 'done' | 'error';

export interface FileUploadState {
  status: UploadStatus;
  /** 0 to 1 while uploading. */
  progress: number;
  error: string | null;
}

/** One upload at a time for a form field: progress, the spec's messages, and cancelling on reset. */
export function useFileUpload(type: UploadType) {
  const [state, setState] = useState<FileUploadState>({ status: 'idle', progress: 0, error: null });
  const controller = useRef<AbortController | null>(null);

  const start = useCallback(
    async (file: File): Promise<string | null> => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState({ status: 'uploading', progress: 0, error: null });
      try {
        const url = await uploadFile(file, type, (progress) => { setState((s) => ({ ...s, progress })); }, current.signal);
        setState({ status: 'done', progress: 1, error: null });
        return url;
      } catch (error) {
        if (current.signal.aborted) return null;
        setState({ status: 'error', progress: 0, error: error instanceof UploadError ? error.message : UPLOAD_MESSAGES.failed });
        return null;
      }
    },
    [type],
  );

  const reset = useCallback(() => {
    controller.current?.abort();
    setState({ status: 'idle', progress: 0, error: null });
  }, []);

  return { ...state, start, reset };
}
