import { uploadFile } from '../../lib/upload';
import { toWavFile } from '../../lib/wav';

/**
 * Spec: recordings are uploaded as audio/wav with the type treatment_execution_recording, one
 * after the other; resolves with the addresses to store on the visit.
 */
export async function uploadRecordings(clips: Blob[], onProgress: (index: number, count: number) => void = () => undefined): Promise<string[]> {
  const urls: string[] = [];
  for (const [index, clip] of clips.entries()) {
    onProgress(index, clips.length);
    const file = await toWavFile(clip, `recording-${String(index + 1)}.wav`);
    urls.push(await uploadFile(file, 'treatment_execution_recording'));
  }
  return urls;
}
