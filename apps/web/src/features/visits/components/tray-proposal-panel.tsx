import { useId, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import { TRAY_PROPOSAL_MESSAGES, type ProposedTrayLine, type TrayProposal } from '@clinic/domain';
import { errorMessage } from '../../../lib/api-client';
import { blockNonNumericKeys } from '../../../lib/forms';
import { formatDate } from '../../../lib/format';
import { useProposeTray, type TrayProposalSource } from '../api/tray-proposal-api';
import { quotedWords } from '../proposal';

type LineState = { quantity: string; status: 'open' | 'accepted' | 'dropped' };

export interface TrayProposalPanelProps {
  /** What to propose from; null while there is nothing to read (no note typed yet). */
  source: TrayProposalSource | null;
  /** Said under the button while `source` is null. */
  unavailable: string;
  /** Lines the clinician accepted, each with the quantity they settled on: into the tray. */
  onAccept: (accepted: { line: ProposedTrayLine; quantity: string }[]) => void;
  /** The saved note or transcript the proposal reads, shown above the button (the visit's edit page). */
  children?: ReactNode;
}

/** Each lot the units would come from, one a line; or why they could not be taken today. */
const lotsText = (line: ProposedTrayLine): string[] =>
  line.lots.length > 0 ? line.lots.map((lot) => `Lot ${lot.lot_number || 'without number'} · exp. ${formatDate(lot.expiry_date)} · ${String(lot.quantity)}`) : [line.stock_problem ?? 'Not in stock'];

/**
 * Issue 55: "Proposed from the case note", a draft beside the tray. Each line says the product, its
 * quantity in the product's stock unit, the note's words it came from and the lots it would come
 * from (first expiry first); the clinician accepts it into the tray (with the quantity changed if
 * need be) or drops it. Nothing is recorded here: the visit's Save takes the tray's units.
 */
export function TrayProposalPanel({ source, unavailable, onAccept, children }: TrayProposalPanelProps) {
  const titleId = useId();
  const propose = useProposeTray();
  const [proposal, setProposal] = useState<TrayProposal | null>(null);
  const [states, setStates] = useState<Record<string, LineState>>({});
  const proposeButton = useRef<HTMLButtonElement>(null);

  const ask = () => {
    if (!source) return;
    propose.mutate(source, {
      onSuccess: (answer) => {
        setProposal(answer);
        setStates(Object.fromEntries(answer.lines.map((l) => [l.product.id, { quantity: String(l.quantity), status: 'open' as const }])));
      },
    });
  };

  const open = (proposal?.lines ?? []).filter((l) => states[l.product.id]?.status === 'open');
  /** After a line is settled, the keyboard goes on to the next open line (or back to the button). */
  const focusAfter = (productId: string) => {
    const rest = open.filter((l) => l.product.id !== productId);
    const next = rest.find((l) => open.indexOf(l) > open.findIndex((o) => o.product.id === productId)) ?? rest[0];
    requestAnimationFrame(() => {
      const target = next ? document.getElementById(`${titleId}-accept-${next.product.id}`) : proposeButton.current;
      target?.focus();
    });
  };
  const settle = (lines: ProposedTrayLine[], status: 'accepted' | 'dropped') => {
    if (status === 'accepted') onAccept(lines.map((line) => ({ line, quantity: states[line.product.id]?.quantity ?? String(line.quantity) })));
    setStates((all) => ({ ...all, ...Object.fromEntries(lines.map((l) => [l.product.id, { ...all[l.product.id]!, status }])) }));
  };
  const validQuantity = (productId: string) => Number(states[productId]?.quantity) > 0;

  return (
    <Paper component="section" aria-labelledby={titleId} sx={{ p: 2, mb: 2 }}>
      <Typography id={titleId} variant="h2" sx={{ mb: 0.5 }}>
        Proposed from the case note
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {TRAY_PROPOSAL_MESSAGES.draftOnly}
      </Typography>
      {children}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button ref={proposeButton} variant="outlined" onClick={ask} disabled={!source} loading={propose.isPending}>
          Propose from note
        </Button>
        {open.length > 1 ? (
          <Button
            variant="contained"
            onClick={() => {
              const ready = open.filter((l) => validQuantity(l.product.id));
              settle(ready, 'accepted');
              requestAnimationFrame(() => proposeButton.current?.focus());
            }}
          >
            Accept all
          </Button>
        ) : null}
      </Stack>
      {source ? null : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {unavailable}
        </Typography>
      )}
      {propose.isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(propose.error, 'Could not propose the tray')}
        </Alert>
      ) : null}
      {proposal ? (
        <Box role="status" sx={{ mt: 2 }}>
          {proposal.lines.length === 0 ? <Typography color="text.secondary">{TRAY_PROPOSAL_MESSAGES.nothingProposed}</Typography> : null}
          {proposal.engine === 'openai' && proposal.dropped > 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {`${String(proposal.dropped)} line${proposal.dropped === 1 ? '' : 's'} the AI service named did not match your catalog or the note and ${proposal.dropped === 1 ? 'was' : 'were'} left out.`}
            </Typography>
          ) : null}
        </Box>
      ) : null}
      {proposal && proposal.lines.length > 0 ? (
        <Stack component="ul" spacing={1.5} aria-label="Proposed products" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {proposal.lines.map((line) => {
            const state = states[line.product.id];
            if (!state || state.status === 'dropped') return null;
            const name = line.product.name;
            return (
              <Box component="li" key={line.product.id} aria-label={name} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1.5 }}>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
                  <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 160 }}>{name}</Typography>
                  {line.treatment_id ? <Chip size="small" label="In the design" variant="outlined" /> : null}
                </Box>
                <Typography variant="body2" sx={{ fontStyle: 'italic', mt: 0.5 }}>
                  {quotedWords(line)}
                </Typography>
                {lotsText(line).map((text) => (
                  <Typography key={text} variant="body2" color={line.stock_problem ? 'warning.main' : 'text.secondary'}>
                    {text}
                  </Typography>
                ))}
                {state.status === 'accepted' ? (
                  <Typography variant="body2" color="success.main" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 1 }}>
                    <CheckCircleOutlined fontSize="small" aria-hidden />
                    {`${TRAY_PROPOSAL_MESSAGES.accepted}: ${state.quantity} (${line.product.unit})`}
                  </Typography>
                ) : (
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', mt: 1 }}>
                    <TextField
                      size="small"
                      type="number"
                      label={`Quantity (${line.product.unit})`}
                      value={state.quantity}
                      onChange={(e) => { setStates((all) => ({ ...all, [line.product.id]: { ...state, quantity: e.target.value } })); }}
                      onKeyDown={blockNonNumericKeys}
                      error={!validQuantity(line.product.id)}
                      slotProps={{ htmlInput: { min: 0, step: 'any', inputMode: 'decimal', 'aria-label': `Quantity of ${name} (${line.product.unit})` } }}
                      sx={{ width: 150 }}
                    />
                    <Button
                      id={`${titleId}-accept-${line.product.id}`}
                      variant="outlined"
                      aria-label={`Accept ${name}`}
                      disabled={!validQuantity(line.product.id)}
                      onClick={() => {
                        focusAfter(line.product.id);
                        settle([line], 'accepted');
                      }}
                      sx={{ minHeight: 40 }}
                    >
                      Accept
                    </Button>
                    <Button
                      aria-label={`Drop ${name}`}
                      onClick={() => {
                        focusAfter(line.product.id);
                        settle([line], 'dropped');
                      }}
                      sx={{ minHeight: 40 }}
                    >
                      Drop
                    </Button>
                  </Box>
                )}
              </Box>
            );
          })}
        </Stack>
      ) : null}
    </Paper>
  );
}
