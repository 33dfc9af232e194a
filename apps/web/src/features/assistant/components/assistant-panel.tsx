import { useCallback, useEffect, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import RestartAlt from '@mui/icons-material/RestartAlt';
import SendOutlined from '@mui/icons-material/SendOutlined';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import VolumeOffOutlined from '@mui/icons-material/VolumeOffOutlined';
import VolumeUpOutlined from '@mui/icons-material/VolumeUpOutlined';
import { useQuery } from '@tanstack/react-query';
import { ASSISTANT_MESSAGES, type VoiceActionResponse } from '@clinic/domain';
import { visuallyHidden } from '../../../components/visually-hidden';
import { errorMessage } from '../../../lib/api-client';
import { base64ToBlob } from '../../../lib/base64';
import { assistantModeQueryOptions } from '../api/assistant-api';
import { useAssistant, type ConversationEntry } from '../use-assistant';
import { ConfirmationCard } from './confirmation-card';
import { ProductSelectionDialog, SupplierSelectionDialog } from './selection-dialogs';
import { browserDictation, DictateButton, VoiceRecorder } from './voice-controls';

export const MODE_LABELS = {
  ai: 'AI assistant',
  local: 'Typed commands (no speech: AI not set up)',
} as const;

const MUTE_KEY = 'assistant_muted';
const COMMAND_MAX = 2000;

const EXAMPLES = ['add 3 boxes of Septocaine from Henry Schein at 45 dollars a box', 'new supplier Acme Dental, orders@acme.example, …', 'new category Implants'];

function Bubble({ entry }: { entry: ConversationEntry }) {
  if (entry.role === 'event') {
    return (
      <Box component="li" sx={{ alignSelf: 'stretch' }}>
        {/* role note: the conversation is a live log already, and toasts are the page's alerts. */}
        <Alert role="note" severity={entry.tone ?? 'info'} variant="outlined" sx={{ py: 0, '& .MuiAlert-message': { overflowWrap: 'anywhere' } }}>
          {entry.text}
        </Alert>
      </Box>
    );
  }
  const mine = entry.role === 'user';
  return (
    <Box
      component="li"
      sx={{
        alignSelf: mine ? 'flex-end' : 'flex-start',
        maxWidth: '85%',
        px: 1.5,
        py: 1,
        borderRadius: 2,
        bgcolor: mine ? 'primary.main' : 'action.hover',
        color: mine ? 'primary.contrastText' : 'text.primary',
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
      }}
    >
      <Box component="span" sx={visuallyHidden}>
        {mine ? 'You: ' : 'Assistant: '}
      </Box>
      {entry.text}
    </Box>
  );
}

/**
 * The voice assistant (spec section 4): a Drawer on desktop, the whole screen on phones. The
 * conversation, the confirmation card or selection dialog a tool call asks for, "Processing…"
 * with Cancel, and below it the recorder (AI mode) or dictation, and the text box.
 * The conversation stays while the panel is closed; "New conversation" starts over.
 */
export default function AssistantPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const mode = useQuery(assistantModeQueryOptions());
  const [muted, setMuted] = useState(() => localStorage.getItem(MUTE_KEY) === 'true');
  const [command, setCommand] = useState('');
  const player = useRef<HTMLAudioElement | null>(null);
  const scroller = useRef<HTMLDivElement | null>(null);
  const card = useRef<HTMLDivElement | null>(null);
  const input = useRef<HTMLInputElement | null>(null);
  const shown = useRef(open);
  const hadCard = useRef(false);

  const stopSpeaking = useCallback(() => {
    player.current?.pause();
    player.current = null;
  }, []);

  /** Spec section 9: the reply is spoken from the flac the server sends (unless muted). */
  const speak = useCallback(
    (audio: NonNullable<VoiceActionResponse['audio']>) => {
      // Muted, or the panel was closed while the answer was on its way: printed only.
      if (muted || !shown.current) return;
      try {
        stopSpeaking();
        const url = URL.createObjectURL(base64ToBlob(audio.data, 'audio/flac'));
        const element = new Audio(url);
        player.current = element;
        element.onended = () => { URL.revokeObjectURL(url); };
        element.play().catch(() => { URL.revokeObjectURL(url); });
      } catch {
        // No sound here: the reply is printed all the same.
      }
    },
    [muted, stopSpeaking],
  );

  const assistant = useAssistant({ onReplyAudio: speak });
  const { entries, pending, processing } = assistant;

  useEffect(() => {
    shown.current = open;
    if (!open) stopSpeaking();
  }, [open, stopSpeaking]);

  // The newest line in view.
  useEffect(() => {
    const box = scroller.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [entries, pending, processing]);

  // A confirmation card takes the focus, so Tab reaches Cancel and Confirm next; once it is
  // answered the focus goes back to the text box.
  const confirmCall = pending?.kind === 'confirm' ? pending.call.id : null;
  useEffect(() => {
    if (confirmCall) card.current?.focus();
    else if (hadCard.current) input.current?.focus();
    hadCard.current = confirmCall !== null;
  }, [confirmCall]);

  const toggleMute = () => {
    const next = !muted;
    if (next) stopSpeaking();
    localStorage.setItem(MUTE_KEY, String(next));
    setMuted(next);
  };

  const submit = () => {
    if (!command.trim() || processing) return;
    assistant.sendText(command.slice(0, COMMAND_MAX));
    setCommand('');
  };

  const currentMode = mode.data?.mode;
  const busy = processing || assistant.confirming;
  const dictation = currentMode === 'local' && browserDictation() !== null;

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      keepMounted
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': titleId,
          sx: { width: { xs: '100%', sm: 440 }, maxWidth: '100%', display: 'flex', flexDirection: 'column', pb: 'env(safe-area-inset-bottom)' },
        },
      }}
    >
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <SmartToyOutlined color="primary" aria-hidden />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} variant="h2" sx={{ fontSize: '1.25rem' }}>
            Assistant
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {currentMode ? MODE_LABELS[currentMode] : mode.isError ? 'Not available' : 'Checking the assistant…'}
          </Typography>
        </Box>
        <Tooltip title={muted ? 'Unmute replies' : 'Mute replies'}>
          <IconButton aria-label={muted ? 'Unmute replies' : 'Mute replies'} aria-pressed={muted} onClick={toggleMute}>
            {muted ? <VolumeOffOutlined /> : <VolumeUpOutlined />}
          </IconButton>
        </Tooltip>
        <Tooltip title="New conversation">
          <span>
            <IconButton aria-label="New conversation" onClick={assistant.reset} disabled={assistant.confirming || (entries.length === 0 && !pending)}>
              <RestartAlt />
            </IconButton>
          </span>
        </Tooltip>
        <IconButton aria-label="Close assistant" onClick={onClose}>
          <CloseOutlined />
        </IconButton>
      </Box>

      <Box ref={scroller} sx={{ flex: 1, overflowY: 'auto', px: 2, py: 2 }}>
        {mode.isError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(mode.error, 'The assistant is not available right now.')}
          </Alert>
        ) : null}
        {entries.length === 0 && !pending ? (
          <Box sx={{ color: 'text.secondary', mb: 2 }}>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {currentMode === 'ai' ? 'Say or type what to add: stock, a product, a supplier or a category. You confirm before anything is created.' : 'Type what to add: stock, a product, a supplier or a category. You confirm before anything is created.'}
            </Typography>
            <Typography variant="body2">For example:</Typography>
            <Box component="ul" sx={{ mt: 0.5, mb: 0, pl: 2.5 }}>
              {EXAMPLES.map((example) => (
                <Typography component="li" variant="body2" key={example}>
                  “{example}”
                </Typography>
              ))}
            </Box>
          </Box>
        ) : null}
        <Box component="ol" role="log" aria-label="Conversation" aria-live="polite" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
          {entries.map((entry) => (
            <Bubble key={entry.id} entry={entry} />
          ))}
        </Box>
        {pending?.kind === 'confirm' ? (
          <Box ref={card} tabIndex={-1} sx={{ mt: 2, outline: 'none' }}>
            <ConfirmationCard action={pending.action} display={pending.display} confirming={assistant.confirming} onConfirm={() => { void assistant.confirm(); }} onCancel={assistant.cancelConfirmation} />
          </Box>
        ) : null}
        {processing ? (
          <Box role="status" aria-label="Processing" sx={{ mt: 2 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="body2">Processing…</Typography>
              <Button size="small" onClick={assistant.cancelProcessing} aria-label="Cancel processing">
                Cancel
              </Button>
            </Stack>
            <LinearProgress sx={{ mt: 1 }} aria-hidden />
          </Box>
        ) : null}
      </Box>

      <Box sx={{ borderTop: 1, borderColor: 'divider', px: 2, py: 1.5 }}>
        <Stack spacing={1.5}>
          {currentMode === 'ai' ? <VoiceRecorder disabled={busy || pending?.kind === 'select_product' || pending?.kind === 'select_supplier'} onRecorded={assistant.sendAudio} /> : null}
          {dictation ? <DictateButton disabled={busy} onText={(heard) => { setCommand((typed) => (typed.trim() ? `${typed.trim()} ${heard}` : heard)); }} /> : null}
          {currentMode === 'local' && !dictation ? (
            <Typography variant="body2" color="text.secondary">
              {ASSISTANT_MESSAGES.speechNeedsSetup}
            </Typography>
          ) : null}
          <Box
            component="form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
          >
            <TextField
              label="Type a command"
              inputRef={input}
              value={command}
              onChange={(event) => { setCommand(event.target.value); }}
              autoComplete="off"
              size="small"
              fullWidth
              slotProps={{ htmlInput: { maxLength: COMMAND_MAX, enterKeyHint: 'send' } }}
            />
            <Button type="submit" variant="contained" aria-label="Send" disabled={!command.trim() || processing} sx={{ minWidth: 0, px: 1.5, height: 40 }}>
              <SendOutlined fontSize="small" />
            </Button>
          </Box>
        </Stack>
      </Box>

      {open && pending?.kind === 'select_product' ? (
        <ProductSelectionDialog key={pending.call.id} search={pending.search} onPick={assistant.resolveSelection} onCancel={() => { assistant.resolveSelection(null); }} />
      ) : null}
      {open && pending?.kind === 'select_supplier' ? (
        <SupplierSelectionDialog key={pending.call.id} search={pending.search} onPick={assistant.resolveSelection} onCancel={() => { assistant.resolveSelection(null); }} />
      ) : null}
    </Drawer>
  );
}
