import { fileTypeFromBuffer } from 'file-type';

/** How many leading bytes the content check reads. */
export const CONTENT_HEAD_BYTES = 4100;

const TEXT_TYPES = new Set(['text/csv', 'text/plain', 'application/vnd.ms-excel']);
const WAV_TYPES = new Set(['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave']);

/**
 * Whether a file's first bytes match the type it was declared as: a renamed executable must not
 * pass as a PDF or an image. CSV has no signature, so it must read as text.
 */
export async function contentMatchesType(declared: string, head: Buffer): Promise<boolean> {
  const type = declared.toLowerCase();
  if (TEXT_TYPES.has(type)) return isText(head);
  const detected = await fileTypeFromBuffer(head);
  if (!detected) return false;
  if (WAV_TYPES.has(type)) return WAV_TYPES.has(detected.mime);
  return detected.mime === type;
}

/**
 * Text, in any encoding: UTF-16 (with its byte-order mark) or 8-bit text without NUL bytes. The
 * import itself then insists on UTF-8 and says so, which is clearer than refusing the upload.
 */
function isText(head: Buffer): boolean {
  const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  return utf16 || !head.includes(0);
}
