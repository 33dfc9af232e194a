import { getToken } from './auth-token';
import { ApiError, buildUrl, type QueryValue } from './api-client';

/**
 * Downloads a file from the API with the session's token, reporting bytes received (exports are
 * streamed, so the total is often unknown), then hands it to the browser as a download.
 */
export async function downloadFromApi(path: string, query: Record<string, QueryValue>, fallbackName: string, onBytes: (received: number) => void): Promise<void> {
  const token = getToken();
  const response = await fetch(buildUrl(path, query), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok || !response.body) throw new ApiError(response.status, 'Download failed');
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onBytes(received);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  saveFile(new Blob(chunks as BlobPart[], { type: response.headers.get('Content-Type') ?? 'application/octet-stream' }), name);
}

/** Hands a file made in the page (or fetched above) to the browser as a download. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns; it is freed once they surely have.
  setTimeout(() => { URL.revokeObjectURL(url); }, 10_000);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${String(bytes)} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
