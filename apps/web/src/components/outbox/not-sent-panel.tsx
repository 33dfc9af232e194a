import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AUTH_MESSAGES, TREATMENT_LOG_MESSAGES } from '@clinic/domain';
import { ConfirmDialog } from '../confirm-dialog';
import type { OutboxEntry } from '../../lib/outbox/outbox-entry';
import { sendQueued } from '../../lib/outbox/outbox-sender';
import { removeEntry, setState } from '../../lib/outbox/outbox-store';
import { OUTBOX_KINDS, unsentCounts, unsentNoun } from '../../lib/outbox/unsent-work';
import { useOutboxEntries } from '../../lib/outbox/use-outbox';

const STATE_LABELS: Record<OutboxEntry['state'], string> = { waiting: 'Waiting to send', sending: 'Sending', 'needs-attention': 'Needs attention' };
const STATE_COLORS = { waiting: 'default', sending: 'info', 'needs-attention': 'warning' } as const;

/** Sends it again now: a refused entry once the shelf has what it needs, a waiting one when the device is online but the server was not reached. */
const sendNow = async (entry: OutboxEntry) => {
  if (entry.state === 'needs-attention') await setState(entry.key, 'waiting');
  await sendQueued();
};

interface NotSentPanelProps<E extends OutboxEntry> {
  /** What was made on this page and is not sent yet, oldest first. */
  entries: E[];
  /** The entry loaded back into the page's form to be fixed, if any. */
  editing?: string | null;
  /** Loads a refused entry back into the page's form; without it, a refused entry is sent again or discarded. */
  onEdit?: (entry: E) => void;
}

/**
 * "Not sent yet" at the chair and at the shelf: what this user made on the page and the server
 * does not have yet, oldest first, each with its state, under the sum of all the user's unsent
 * work by kind ("3 visits and 1 count are not sent yet"). A refused one shows the server's
 * message and can be sent again, edited where the page can load it back, or discarded; nothing
 * leaves the device without its user saying so.
 */
export function NotSentPanel<E extends OutboxEntry>({ entries, editing = null, onEdit }: NotSentPanelProps<E>) {
  const [discarding, setDiscarding] = useState<E | null>(null);
  const all = useOutboxEntries(OUTBOX_KINDS);
  if (entries.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="not-sent-title" sx={{ mb: 3 }}>
      <Typography id="not-sent-title" variant="h2" sx={{ mb: 0.5 }}>
        Not sent yet
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {`${AUTH_MESSAGES.notSentYet(unsentCounts(all.length > 0 ? all : entries))}. ${TREATMENT_LOG_MESSAGES.keptOnDevice}`}
      </Typography>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {entries.map((entry) => (
          <Paper key={entry.key} component="li" aria-label={entry.label} variant="outlined" sx={{ p: 1.5 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <Typography sx={{ flex: '1 1 200px', minWidth: 0, overflowWrap: 'anywhere' }}>{entry.label}</Typography>
              <Chip size="small" color={STATE_COLORS[entry.state]} label={editing === entry.key ? 'Being fixed below' : STATE_LABELS[entry.state]} />
            </Box>
            {entry.state === 'needs-attention' && entry.error ? (
              // A note, not a live alert: the toast said it when it came.
              <Alert severity="warning" role="note" sx={{ mt: 1 }}>
                {entry.error}
              </Alert>
            ) : null}
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
              <Button size="small" variant="outlined" disabled={entry.state === 'sending' || editing === entry.key} onClick={() => { void sendNow(entry); }} aria-label={`Send now ${entry.label}`} sx={{ minHeight: 44 }}>
                Send now
              </Button>
              {entry.state === 'needs-attention' && onEdit ? (
                <Button size="small" variant="outlined" disabled={editing === entry.key} onClick={() => { onEdit(entry); }} aria-label={`Edit ${entry.label}`} sx={{ minHeight: 44 }}>
                  Edit
                </Button>
              ) : null}
              <Button size="small" color="error" disabled={entry.state === 'sending'} onClick={() => { setDiscarding(entry); }} aria-label={`Discard ${entry.label}`} sx={{ minHeight: 44 }}>
                Discard
              </Button>
            </Stack>
          </Paper>
        ))}
      </Stack>
      <ConfirmDialog
        open={discarding !== null}
        title={`Discard ${discarding ? unsentNoun(discarding.kind) : ''}`}
        message={`${discarding?.label ?? ''}: ${TREATMENT_LOG_MESSAGES.discardQueued(discarding ? unsentNoun(discarding.kind) : '')}`}
        confirmLabel="Discard"
        destructive
        onConfirm={() => {
          if (discarding) void removeEntry(discarding.key);
          setDiscarding(null);
        }}
        onClose={() => { setDiscarding(null); }}
      />
    </Box>
  );
}
