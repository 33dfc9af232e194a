import { useCallback, useEffect, useRef, useState } from 'react';
import { useAttachRecordings, useSaveVisit } from './api/visits-api';
import { uploadRecordings } from './recording-upload';
import { sendVisit, type SendOutcome, type VisitToSend } from './send-visit';

type Settled = Exclude<SendOutcome, { kind: 'offline' }>;

/**
 * Save procedure at the chair: sends the visit and its recordings; without a network the visit
 * waits in the page (`waiting`) and is sent once when the browser says it is back online (or
 * when the user asks, for a server that could not be reached while the device was online).
 */
export function useSendVisit(onSettled: (outcome: Settled) => void) {
  const saveVisit = useSaveVisit();
  const attach = useAttachRecordings();
  const [waiting, setWaiting] = useState<VisitToSend | null>(null);
  const [sending, setSending] = useState(false);
  const settle = useRef(onSettled);
  // The page's latest handler, for a send that settles after a re-render (or an 'online' event).
  useEffect(() => { settle.current = onSettled; });
  const { mutateAsync: save } = saveVisit;
  const { mutateAsync: attachTo } = attach;

  const send = useCallback(
    async (visit: VisitToSend) => {
      setWaiting(null);
      setSending(true);
      const outcome = await sendVisit(
        {
          saveVisit: save,
          uploadRecordings: (clips) => uploadRecordings(clips),
          attachRecordings: (id, recordingUrls) => attachTo({ id, recordingUrls }),
          isOnline: () => navigator.onLine,
        },
        visit,
      );
      setSending(false);
      if (outcome.kind === 'offline') setWaiting(visit);
      else settle.current(outcome);
    },
    [save, attachTo],
  );

  // Once per 'online' event: a send that finds the network gone again waits for the next one.
  useEffect(() => {
    if (!waiting) return;
    const retry = () => { void send(waiting); };
    window.addEventListener('online', retry, { once: true });
    return () => { window.removeEventListener('online', retry); };
  }, [waiting, send]);

  return {
    send: (visit: VisitToSend) => { void send(visit); },
    retryNow: () => { if (waiting) void send(waiting); },
    waiting: waiting !== null,
    sending,
  };
}
