import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MoreVert from '@mui/icons-material/MoreVert';

export interface RowMenuItem<K extends string> {
  kind: K;
  label: string;
}

interface RowMenuProps<K extends string> {
  /** Whose actions these are, for the button's accessible name. */
  subject: string;
  items: RowMenuItem<K>[];
  onSelect: (kind: K) => void;
}

/** The "⋮" button of a table row; each entry opens its own confirmation or form. */
export function RowMenu<K extends string>({ subject, items, onSelect }: RowMenuProps<K>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (items.length === 0) return null;
  return (
    <>
      <IconButton
        aria-label={`Actions for ${subject}`}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => {
          event.stopPropagation();
          setAnchor(event.currentTarget);
        }}
        size="small"
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => { setAnchor(null); }}
        onClick={(event) => { event.stopPropagation(); }}
      >
        {items.map((item) => (
          <MenuItem
            key={item.kind}
            onClick={() => {
              setAnchor(null);
              onSelect(item.kind);
            }}
          >
            {item.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
