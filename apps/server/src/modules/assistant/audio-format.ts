import type { AssistantAudioFormat } from '@clinic/domain';

/**
 * The audio format a file really is, read from its first bytes (a name or a declared type can
 * say anything): RIFF/WAVE, an MP3 frame or ID3 tag, EBML (WebM), OggS, fLaC. Null for anything else.
 */
export function detectAudioFormat(bytes: Buffer): AssistantAudioFormat | null {
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString('latin1');
  if (bytes.length < 12) return null;
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'wav';
  if (ascii(0, 4) === 'OggS') return 'ogg';
  if (ascii(0, 4) === 'fLaC') return 'flac';
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'webm';
  if (ascii(0, 3) === 'ID3' || (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0)) return 'mp3';
  return null;
}
