import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ASSISTANT_MESSAGES, type AssistantTurn, type ToolCall, type VoiceActionResponse } from '@clinic/domain';
import { useNotify } from '../../components/notifications/use-notify';
import { ApiError, errorMessage } from '../../lib/api-client';
import { todayIso } from '../../lib/format';
import { createFromAction, invalidateAfterCreate, useVoiceAction, type VoiceTurnInput } from './api/assistant-api';
import { appendAnswer, CREATE_TOOL_TEXT, pendingActionFor, toolTurn, trimHistory, type PendingAction, type ToolCallDisplay } from './assistant-conversation';

export const ASSISTANT_TEXT = {
  processingCancelled: 'Processing cancelled.',
  failed: 'The assistant could not answer. Please try again.',
  voiceMessage: 'Voice message',
} as const;

/** One line of the conversation as the panel shows it; 'event' lines say what came of a tool call. */
export interface ConversationEntry {
  id: string;
  role: 'user' | 'assistant' | 'event';
  text: string;
  tone?: 'success' | 'error' | 'info';
}

export interface PickedOption {
  id: string;
  name: string;
}

let entryCounter = 0;
const nextEntryId = () => {
  entryCounter += 1;
  return `entry-${String(entryCounter)}`;
};

/**
 * The assistant's conversation (spec section 4): a turn is sent with the history kept here, the
 * answer's tool call waits for the user (a selection dialog or a confirmation card), and what came
 * of it goes back to the assistant as a tool turn. Nothing is written before Confirm, and then
 * only through the ordinary create route with the user's own token.
 */
export function useAssistant({ onReplyAudio }: { onReplyAudio: (audio: NonNullable<VoiceActionResponse['audio']>) => void }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { mutateAsync: sendTurn } = useVoiceAction();
  const [entries, setEntries] = useState<ConversationEntry[]>([]);
  const [pending, setPendingState] = useState<PendingAction | null>(null);
  const [processing, setProcessing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // Read by callbacks that outlive a render (an answer arriving, a dialog closing): refs, not state.
  const history = useRef<AssistantTurn[]>([]);
  const pendingRef = useRef<PendingAction | null>(null);
  const controller = useRef<AbortController | null>(null);
  const confirmingRef = useRef(false);
  // Bumped by "New conversation": an answer to a turn of the old one is dropped.
  const generation = useRef(0);

  const addEntry = useCallback((entry: Omit<ConversationEntry, 'id'>) => {
    const id = nextEntryId();
    setEntries((all) => [...all, { ...entry, id }]);
    return id;
  }, []);
  const setPending = useCallback((next: PendingAction | null) => {
    pendingRef.current = next;
    setPendingState(next);
  }, []);
  const pushTurn = useCallback((turn: AssistantTurn) => {
    history.current = trimHistory([...history.current, turn]);
  }, []);

  const receiveToolCall = useCallback(
    (call: ToolCall, display: ToolCallDisplay | null) => {
      const action = pendingActionFor(call, display);
      if (action) {
        setPending(action);
        return;
      }
      pushTurn(toolTurn(call, ASSISTANT_MESSAGES.badToolArguments));
      addEntry({ role: 'event', text: ASSISTANT_MESSAGES.badToolArguments, tone: 'error' });
    },
    [addEntry, pushTurn, setPending],
  );

  /** Sends one turn; `userEntry` is the line already shown for it (a voice message shows what was heard once known). */
  const send = useCallback(
    async (input: Omit<VoiceTurnInput, 'history'>, userEntry?: string) => {
      const own = new AbortController();
      const conversation = generation.current;
      controller.current = own;
      setProcessing(true);
      const base = history.current;
      try {
        const answer = await sendTurn({ request: { ...input, history: base }, signal: own.signal });
        if (own.signal.aborted) throw new DOMException('Cancelled', 'AbortError');
        const userText = answer.heard ?? input.text ?? '';
        history.current = trimHistory(appendAnswer(base, userText, answer));
        if (userEntry && input.audio) {
          const heard = userText.trim() || ASSISTANT_TEXT.voiceMessage;
          setEntries((all) => all.map((entry) => (entry.id === userEntry ? { ...entry, text: heard } : entry)));
        }
        if (answer.text.trim()) addEntry({ role: 'assistant', text: answer.text });
        if (answer.audio) onReplyAudio(answer.audio);
        if (answer.tool_call) receiveToolCall(answer.tool_call, answer.display);
      } catch (error) {
        if (generation.current !== conversation) return;
        if (own.signal.aborted) addEntry({ role: 'event', text: ASSISTANT_TEXT.processingCancelled, tone: 'info' });
        else addEntry({ role: 'event', text: errorMessage(error, ASSISTANT_TEXT.failed), tone: 'error' });
      } finally {
        if (controller.current === own) {
          controller.current = null;
          setProcessing(false);
        }
      }
    },
    [addEntry, onReplyAudio, receiveToolCall, sendTurn],
  );

  /** A confirmation left open when the user says something new is cancelled: every tool call gets its answer. */
  const dropPendingConfirmation = useCallback(() => {
    const current = pendingRef.current;
    if (!current) return;
    setPending(null);
    pushTurn(toolTurn(current.call, ASSISTANT_MESSAGES.cancelled));
    addEntry({ role: 'event', text: ASSISTANT_MESSAGES.cancelled, tone: 'info' });
  }, [addEntry, pushTurn, setPending]);

  const sendText = useCallback(
    (text: string) => {
      const typed = text.trim();
      if (!typed || controller.current) return;
      dropPendingConfirmation();
      const entry = addEntry({ role: 'user', text: typed });
      void send({ text: typed }, entry);
    },
    [addEntry, dropPendingConfirmation, send],
  );

  const sendAudio = useCallback(
    (wavBase64: string) => {
      if (controller.current) return;
      dropPendingConfirmation();
      const entry = addEntry({ role: 'user', text: ASSISTANT_TEXT.voiceMessage });
      void send({ audio: { data: wavBase64, format: 'wav' } }, entry);
    },
    [addEntry, dropPendingConfirmation, send],
  );

  /** Cancel while processing: the request is aborted, and the turn forgotten. */
  const cancelProcessing = useCallback(() => {
    const own = controller.current;
    if (!own) return;
    controller.current = null;
    setProcessing(false);
    own.abort();
  }, []);

  /** The user's pick in a selection dialog goes back to the assistant, which carries on; Cancel stops there. */
  const resolveSelection = useCallback(
    (picked: PickedOption | null) => {
      const current = pendingRef.current;
      if (!current || current.kind === 'confirm') return;
      setPending(null);
      if (!picked) {
        pushTurn(toolTurn(current.call, ASSISTANT_MESSAGES.cancelled));
        addEntry({ role: 'event', text: ASSISTANT_MESSAGES.cancelled, tone: 'info' });
        return;
      }
      const data = current.kind === 'select_product' ? { product_id: picked.id, name: picked.name } : { supplier_id: picked.id, name: picked.name };
      const content = `Selected ${picked.name}`;
      pushTurn(toolTurn(current.call, content, data));
      addEntry({ role: 'event', text: content, tone: 'info' });
      void send({});
    },
    [addEntry, pushTurn, send, setPending],
  );

  /** Confirm: the ordinary create route; the outcome (created, refused, failed) goes back to the assistant. */
  const confirm = useCallback(async () => {
    const current = pendingRef.current;
    if (!current || current.kind !== 'confirm' || confirmingRef.current) return;
    confirmingRef.current = true;
    setConfirming(true);
    const text = CREATE_TOOL_TEXT[current.action.tool];
    let turn: AssistantTurn;
    try {
      const id = await createFromAction(current.action, todayIso());
      await invalidateAfterCreate(queryClient, current.action.tool);
      notify.success(text.success);
      turn = toolTurn(current.call, text.success, { id });
      addEntry({ role: 'event', text: text.success, tone: 'success' });
    } catch (error) {
      const content = error instanceof ApiError && error.status === 403 ? ASSISTANT_MESSAGES.notAllowed : [text.failure, errorMessage(error, '')].filter(Boolean).join(' ');
      turn = toolTurn(current.call, content);
      addEntry({ role: 'event', text: content, tone: 'error' });
    } finally {
      confirmingRef.current = false;
      setConfirming(false);
    }
    setPending(null);
    pushTurn(turn);
    await send({});
  }, [addEntry, notify, pushTurn, queryClient, send, setPending]);

  /** Cancel on the card: nothing is written, and the assistant hears so with the next turn. */
  const cancelConfirmation = useCallback(() => {
    const current = pendingRef.current;
    if (!current || current.kind !== 'confirm' || confirmingRef.current) return;
    dropPendingConfirmation();
  }, [dropPendingConfirmation]);

  /** Starts over: a new conversation, nothing pending. */
  const reset = useCallback(() => {
    generation.current += 1;
    controller.current?.abort();
    controller.current = null;
    history.current = [];
    setPending(null);
    setProcessing(false);
    setEntries([]);
  }, [setPending]);

  return { entries, pending, processing, confirming, sendText, sendAudio, cancelProcessing, resolveSelection, confirm, cancelConfirmation, reset };
}
