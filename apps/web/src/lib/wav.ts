/**
 * Spec section 9: recordings are saved as audio/wav. Browsers record compressed audio (webm/ogg),
 * so the clip is decoded and written out as 16-bit PCM WAV, mixed down to mono and resampled to
 * 16 kHz: what speech-to-text needs, at a quarter of CD size.
 */
export const WAV_SAMPLE_RATE = 16_000;

/** Mono samples at `to` Hz from channels at `from` Hz (averaged channels, linear interpolation). */
export function mixAndResample(channels: Float32Array[], from: number, to: number): Float32Array {
  const length = channels[0]?.length ?? 0;
  const mono = new Float32Array(length);
  for (const channel of channels) for (let i = 0; i < length; i += 1) mono[i]! += channel[i]! / channels.length;
  if (from === to) return mono;
  const out = new Float32Array(Math.floor((length * to) / from));
  for (let i = 0; i < out.length; i += 1) {
    const position = (i * from) / to;
    const left = Math.floor(position);
    const right = Math.min(left + 1, length - 1);
    const weight = position - left;
    out[i] = mono[left]! * (1 - weight) + mono[right]! * weight;
  }
  return out;
}

/** A RIFF/WAVE file of 16-bit little-endian PCM mono samples. */
export function encodeWav(samples: Float32Array, sampleRate = WAV_SAMPLE_RATE): ArrayBuffer {
  const buffer = new ArrayBuffer(44 + samples.length * 2);
  const view = new DataView(buffer);
  const text = (offset: number, value: string) => { for (let i = 0; i < value.length; i += 1) view.setUint8(offset + i, value.charCodeAt(i)); };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  samples.forEach((sample, i) => {
    const clamped = Math.max(-1, Math.min(1, sample));
    view.setInt16(44 + i * 2, clamped < 0 ? clamped * 0x8000 : clamped * 0x7fff, true);
  });
  return buffer;
}

/** A recorded clip (any format the browser's MediaRecorder made) as a WAV file. */
export async function toWavFile(clip: Blob, name: string): Promise<File> {
  const context = new AudioContext();
  try {
    const decoded = await context.decodeAudioData(await clip.arrayBuffer());
    const channels = Array.from({ length: decoded.numberOfChannels }, (_, i) => decoded.getChannelData(i));
    const wav = encodeWav(mixAndResample(channels, decoded.sampleRate, WAV_SAMPLE_RATE));
    return new File([wav], name, { type: 'audio/wav' });
  } finally {
    void context.close();
  }
}
