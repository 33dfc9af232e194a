import { UPLOAD_MESSAGES, uploadProblem, type UploadResponse, type UploadType } from '@clinic/domain';
import { api, ApiError } from './api-client';

/** A refused or failed upload, with the text to show (the spec's words where it has them). */
export class UploadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadError';
  }
}

/** Form-posts the presigned fields plus the file, reporting progress as a fraction from 0 to 1. */
function postForm(target: UploadResponse, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
    form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', target.url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve();
        return;
      }
      // The local storage answers JSON errors; S3 answers XML, which we do not show as such.
      let message: string = UPLOAD_MESSAGES.failed;
      try {
        const body = JSON.parse(xhr.responseText) as { message?: unknown };
        if (typeof body.message === 'string') message = body.message;
      } catch {
        // keep the generic text
      }
      reject(new UploadError(message));
    };
    xhr.onerror = () => { reject(new UploadError(UPLOAD_MESSAGES.failed)); };
    xhr.onabort = () => { reject(new DOMException('Upload cancelled', 'AbortError')); };
    signal?.addEventListener('abort', () => { xhr.abort(); }, { once: true });
    xhr.send(form);
  });
}

/**
 * Uploads one file the way the API asks: POST upload for a presigned form, then the form post
 * straight to the storage. Resolves with the address to store on the record.
 */
export async function uploadFile(file: File, type: UploadType, onProgress: (fraction: number) => void = () => undefined, signal?: AbortSignal): Promise<string> {
  const problem = uploadProblem(type, file);
  if (problem) throw new UploadError(problem);
  let target: UploadResponse;
  try {
    // The size lets the grant hold only what this file needs of the organization's storage.
    target = await api.post<UploadResponse>('upload', { file_name: file.name, type, mimeType: file.type, size_bytes: file.size }, { signal });
  } catch (error) {
    // 400: the file is refused as it is; 413: the organization's storage is full.
    throw new UploadError(error instanceof ApiError && (error.status === 400 || error.status === 413) ? error.message : UPLOAD_MESSAGES.failed);
  }
  onProgress(0);
  await postForm(target, file, onProgress, signal);
  onProgress(1);
  return target.public_url;
}
