import { useCallback, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import FiberManualRecord from '@mui/icons-material/FiberManualRecord';
import MicOutlined from '@mui/icons-material/MicOutlined';
import PauseOutlined from '@mui/icons-material/PauseOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import StopOutlined from '@mui/icons-material/StopOutlined';
import { blobToBase64 } from '../../../lib/base64';
import { useAudioRecorder } from '../../../lib/use-audio-recorder';
import { toWavFile } from '../../../lib/wav';

/** A spoken command is a sentence or two: the recording finishes by itself after a minute. */
export const MAX_RECORDING_SECONDS = 60;

const clock = (seconds: number) => `${String(Math.floor(seconds / 60))}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * Spec section 4, the assistant's recording: idle -> recording -> paused -> stopped, with Finish
 * (the clip is made WAV and sent) or Discard. Uses the app's one recorder (the visit recorder's).
 */
export function VoiceRecorder({ disabled, onRecorded }: { disabled: boolean; onRecorded: (wavBase64: string) => void }) {
  const recorder = useAudioRecorder();
  const { stop, state } = recorder;
  const [stopped, setStopped] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const elapsed = useRef(0);

  const finish = useCallback(async () => {
    setStopped(true);
    try {
      const clip = await stop();
      if (clip) onRecorded(await blobToBase64(await toWavFile(clip, 'command.wav')));
    } catch {
      setProblem('The recording could not be read. Please record again.');
    } finally {
      setStopped(false);
    }
  }, [onRecorded, stop]);

  useEffect(() => {
    if (state !== 'recording') return;
    const timer = setInterval(() => {
      elapsed.current += 1;
      setSeconds(elapsed.current);
      if (elapsed.current >= MAX_RECORDING_SECONDS) void finish();
    }, 1000);
    return () => { clearInterval(timer); };
  }, [state, finish]);

  const record = () => {
    setProblem(null);
    elapsed.current = 0;
    setSeconds(0);
    void recorder.start();
  };

  const phase = stopped ? 'stopped' : state;
  const status = phase === 'recording' ? `Recording… ${clock(seconds)}` : phase === 'paused' ? `Paused ${clock(seconds)}` : phase === 'stopped' ? 'Stopped: preparing the recording…' : 'Press Record and say what to add.';
  const message = recorder.problem ?? problem;

  return (
    <Stack spacing={1}>
      {message ? <Alert severity="warning">{message}</Alert> : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {phase === 'idle' ? (
          <Button variant="contained" color="error" startIcon={<FiberManualRecord />} onClick={record} disabled={disabled}>
            Record
          </Button>
        ) : null}
        {phase === 'recording' ? (
          <Button variant="outlined" startIcon={<PauseOutlined />} onClick={recorder.pause}>
            Pause
          </Button>
        ) : null}
        {phase === 'paused' ? (
          <Button variant="outlined" startIcon={<PlayArrowOutlined />} onClick={recorder.resume}>
            Resume
          </Button>
        ) : null}
        {phase === 'recording' || phase === 'paused' ? (
          <>
            <Button variant="contained" startIcon={<StopOutlined />} onClick={() => { void finish(); }}>
              Finish
            </Button>
            <Button color="inherit" startIcon={<DeleteOutlined />} onClick={recorder.discard}>
              Discard
            </Button>
          </>
        ) : null}
        <Typography role="status" variant="body2" color="text.secondary" aria-label="Recording status">
          {status}
        </Typography>
      </Stack>
    </Stack>
  );
}

interface RecognitionResultList {
  length: number;
  [index: number]: { isFinal: boolean; 0: { transcript: string } };
}

interface Recognition {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  onresult: ((event: { resultIndex: number; results: RecognitionResultList }) => void) | null;
  onend: (() => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  start: () => void;
  stop: () => void;
  abort: () => void;
}

/** The browser's own speech recognition (Chrome, Safari, Edge), or null where there is none. */
export function browserDictation(): (new () => Recognition) | null {
  const source = window as unknown as { SpeechRecognition?: new () => Recognition; webkitSpeechRecognition?: new () => Recognition };
  return source.SpeechRecognition ?? source.webkitSpeechRecognition ?? null;
}

/** Local mode: the browser's dictation fills the text box, which the user checks and sends. */
export function DictateButton({ disabled, onText }: { disabled: boolean; onText: (text: string) => void }) {
  const [listening, setListening] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const recognition = useRef<Recognition | null>(null);

  useEffect(() => () => { recognition.current?.abort(); }, []);

  const toggle = () => {
    if (listening) {
      recognition.current?.stop();
      return;
    }
    const Dictation = browserDictation();
    if (!Dictation) return;
    const dictation = new Dictation();
    dictation.lang = navigator.language || 'en-US';
    dictation.interimResults = false;
    dictation.continuous = false;
    dictation.onresult = (event) => {
      let heard = '';
      for (let i = event.resultIndex; i < event.results.length; i += 1) {
        const result = event.results[i];
        if (result?.isFinal) heard += result[0].transcript;
      }
      if (heard.trim()) onText(heard.trim());
    };
    dictation.onerror = (event) => {
      if (event.error !== 'aborted' && event.error !== 'no-speech') setProblem('Dictation is not available here. Type the command instead.');
    };
    dictation.onend = () => {
      recognition.current = null;
      setListening(false);
    };
    setProblem(null);
    recognition.current = dictation;
    try {
      dictation.start();
      setListening(true);
    } catch {
      recognition.current = null;
      setProblem('Dictation is not available here. Type the command instead.');
    }
  };

  return (
    <Stack spacing={1}>
      {problem ? <Alert severity="warning">{problem}</Alert> : null}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button variant={listening ? 'contained' : 'outlined'} startIcon={<MicOutlined />} onClick={toggle} disabled={disabled && !listening} aria-pressed={listening}>
          {listening ? 'Stop dictation' : 'Dictate'}
        </Button>
        <Typography role="status" variant="body2" color="text.secondary">
          {listening ? 'Listening… the text box fills with what you say.' : 'Dictation uses your browser’s own speech recognition.'}
        </Typography>
      </Stack>
    </Stack>
  );
}
