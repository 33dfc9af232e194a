import { useState, type MouseEvent } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ExpandMore from '@mui/icons-material/ExpandMore';
import MoreVert from '@mui/icons-material/MoreVert';

export interface RowMenuItem<K extends string> {
  kind: K;
  label: string;
  /** Why the entry cannot be chosen now ("No units left"): shown under its label, greyed out. */
  disabledReason?: string | undefined;
  /** Written off or deleted for good: the entry is red. */
  destructive?: boolean | undefined;
}

interface RowMenuProps<K extends string> {
  /** Whose actions these are, for the button's accessible name. */
  subject: string;
  items: RowMenuItem<K>[];
  onSelect: (kind: K) => void;
  /**
   * A word on the button ("More"), for rows that also show their frequent actions as buttons with
   * words; without it the button is the "⋮" icon.
   */
  buttonText?: string;
}

/** The menu of a table row's actions; each entry opens its own confirmation or form. */
export function RowMenu<K extends string>({ subject, items, onSelect, buttonText }: RowMenuProps<K>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (items.length === 0) return null;
  const buttonProps = {
    'aria-haspopup': 'menu' as const,
    'aria-expanded': anchor ? ('true' as const) : undefined,
    onClick: (event: MouseEvent<HTMLElement>) => {
      event.stopPropagation();
      setAnchor(event.currentTarget);
    },
    size: 'small' as const,
  };
  return (
    <>
      {buttonText ? (
        // The visible word starts the accessible name (WCAG 2.5.3), which then says whose actions these are.
        <Button {...buttonProps} aria-label={`${buttonText} actions for ${subject}`} endIcon={<ExpandMore />} sx={{ whiteSpace: 'nowrap' }}>
          {buttonText}
        </Button>
      ) : (
        <IconButton {...buttonProps} aria-label={`Actions for ${subject}`}>
          <MoreVert fontSize="small" />
        </IconButton>
      )}
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => { setAnchor(null); }}
        onClick={(event) => { event.stopPropagation(); }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {items.map((item) => (
          <MenuItem
            key={item.kind}
            disabled={item.disabledReason !== undefined}
            sx={item.destructive ? { color: 'error.main' } : undefined}
            onClick={() => {
              setAnchor(null);
              onSelect(item.kind);
            }}
          >
            {item.disabledReason === undefined ? item.label : <ListItemText primary={item.label} secondary={item.disabledReason} />}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
