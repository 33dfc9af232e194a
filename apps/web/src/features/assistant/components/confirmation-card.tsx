import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { todayIso } from '../../../lib/format';
import { confirmationRows, CREATE_TOOL_TEXT, type CreateAction, type ToolCallDisplay } from '../assistant-conversation';

interface ConfirmationCardProps {
  action: CreateAction;
  display: ToolCallDisplay | null;
  confirming: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Spec section 4, "A confirmation is required before acting": exactly what will be created, every
 * field labelled, names instead of ids and the totals worked out. Nothing is written before Confirm.
 */
export function ConfirmationCard({ action, display, confirming, onConfirm, onCancel }: ConfirmationCardProps) {
  const titleId = useId();
  const rows = confirmationRows(action, display, todayIso());
  const title = `Confirm: ${CREATE_TOOL_TEXT[action.tool].title}`;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2, borderColor: 'primary.main', borderWidth: 2 }}>
      <Typography id={titleId} variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 700, mb: 0.5 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Nothing is created until you confirm.
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'minmax(110px, max-content) 1fr', columnGap: 2, rowGap: 0.75, m: 0, mb: 2, '& dt': { color: 'text.secondary', fontSize: '0.875rem' }, '& dd': { m: 0, fontWeight: 500, overflowWrap: 'anywhere' } }}
      >
        {rows.map((row) => (
          <Box key={row.label} sx={{ display: 'contents' }}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </Box>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={confirming}>
          Cancel
        </Button>
        <Button variant="contained" onClick={onConfirm} loading={confirming}>
          Confirm
        </Button>
      </Stack>
    </Paper>
  );
}
