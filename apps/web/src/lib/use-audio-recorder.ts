import { useCallback, useEffect, useRef, useState } from 'react';

/** The recorder's own states (spec section 4, Recording): 'stopped' is the moment a clip is handed over. */
export type RecorderState = 'idle' | 'recording' | 'paused';

export const MICROPHONE_UNAVAILABLE = 'The microphone is not available: allow it for this site and try again.';

/**
 * The browser's microphone through MediaRecorder: start, pause, resume, and stop (which hands
 * over the clip) or discard (which throws it away). Used by the visit recorder and the voice
 * assistant; the clip is in the browser's own format (webm/ogg): `toWavFile` makes it WAV.
 * The microphone is let go when the recording ends and when the component unmounts.
 */
export function useAudioRecorder() {
  const [state, setState] = useState<RecorderState>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const handOver = useRef<((clip: Blob | null) => void) | null>(null);

  useEffect(
    () => () => {
      const media = recorder.current;
      if (!media) return;
      media.onstop = null;
      if (media.state !== 'inactive') media.stop();
      media.stream.getTracks().forEach((track) => { track.stop(); });
    },
    [],
  );

  /** Asks for the microphone and starts recording; false when it is not available. */
  const start = useCallback(async (): Promise<boolean> => {
    setProblem(null);
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const chunks: Blob[] = [];
      const media = new MediaRecorder(stream);
      media.ondataavailable = (event) => { if (event.data.size > 0) chunks.push(event.data); };
      media.onstop = () => {
        stream.getTracks().forEach((track) => { track.stop(); });
        recorder.current = null;
        setState('idle');
        const receive = handOver.current;
        handOver.current = null;
        receive?.(new Blob(chunks, { type: media.mimeType || 'audio/webm' }));
      };
      media.start();
      recorder.current = media;
      setState('recording');
      return true;
    } catch {
      setProblem(MICROPHONE_UNAVAILABLE);
      return false;
    }
  }, []);

  const pause = useCallback(() => {
    recorder.current?.pause();
    setState('paused');
  }, []);

  const resume = useCallback(() => {
    recorder.current?.resume();
    setState('recording');
  }, []);

  /** Ends the recording: the clip once the browser has handed over its last data (null when nothing was recording). */
  const stop = useCallback(
    () =>
      new Promise<Blob | null>((resolve) => {
        const media = recorder.current;
        if (!media || media.state === 'inactive') {
          resolve(null);
          return;
        }
        handOver.current = resolve;
        media.stop();
      }),
    [],
  );

  /** Ends the recording and throws the clip away. */
  const discard = useCallback(() => {
    const media = recorder.current;
    if (!media || media.state === 'inactive') return;
    handOver.current = null;
    media.stop();
  }, []);

  return { state, problem, start, pause, resume, stop, discard };
}
