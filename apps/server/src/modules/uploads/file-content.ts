import { fileTypeFromBuffer } from 'file-type';

/** How many leading bytes the content check reads. */
export const CONTENT_HEAD_BYTES = 4100;

const TEXT_TYPES = new Set(['text/csv', 'text/plain', 'application/vnd.ms-excel']);
const WAV_TYPES = new Set(['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave']);

/**
 * Whether a file's first bytes match the type it was declared as: a renamed executable must not
 * pass as a PDF or an image. CSV has no signature, so it must read as text (no NUL bytes,
 * valid UTF-8).
 */
export async function contentMatchesType(declared: string, head: Buffer): Promise<boolean> {
  const type = declared.toLowerCase();
  if (TEXT_TYPES.has(type)) return isText(head);
  const detected = await fileTypeFromBuffer(head);
  if (!detected) return false;
  if (WAV_TYPES.has(type)) return WAV_TYPES.has(detected.mime);
  return detected.mime === type;
}

function isText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    // stream: true tolerates a multi-byte character cut at the end of the sample.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}
