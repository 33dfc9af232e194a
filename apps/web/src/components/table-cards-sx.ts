import type { Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';
import { visuallyHidden } from './visually-hidden';

export interface CardColumn {
  label: string;
  /** Image and actions columns: no caption in the card. */
  srOnly?: boolean | undefined;
  /** The caption of this column's cell in a footer (totals) row, when its figure is not the column's (a total value under Unit price). */
  footerLabel?: string | undefined;
}

/** CSS `content` needs a quoted string; labels are our own column names, quotes escaped anyway. */
function cssString(text: string): string {
  return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/**
 * Below 600 px a table's rows become cards: the first named column is the card's title, every
 * other cell a "Label   value" line, the actions at the card's foot. Sideways scrolling hid the
 * columns people came for (units left, expiry, edit, delete) on phones. Pure CSS generated from
 * the column list, so every table keeps its own cells and a wider screen gets the same table.
 */
export function tableCardsSx(columns: readonly CardColumn[]): (theme: Theme) => SystemStyleObject<Theme> {
  const titleIndex = Math.max(0, columns.findIndex((column) => !column.srOnly));
  const cellRules: Record<string, object> = {};
  columns.forEach((column, index) => {
    // Footer rows (totals) whose cells stand under the columns get the same title and captions.
    const cell = (pseudo = '', parts = ['tbody', 'tfoot']) => parts.map((part) => `& ${part} tr > td:nth-of-type(${String(index + 1)}):not([colspan])${pseudo}`).join(', ');
    const caption = (label: string) => ({ content: cssString(label), color: 'text.secondary', fontWeight: 500, whiteSpace: 'nowrap', mr: 2, textAlign: 'left' });
    if (index === titleIndex) {
      cellRules[cell()] = { fontWeight: 600, fontSize: '1rem', justifyContent: 'flex-start', textAlign: 'left' };
    } else if (column.srOnly) {
      // A row's actions wrap onto a second line rather than run off a phone's screen.
      cellRules[cell()] = { justifyContent: index === columns.length - 1 ? 'flex-end' : 'flex-start', flexWrap: 'wrap' };
    } else if (column.footerLabel !== undefined) {
      cellRules[cell('::before', ['tbody'])] = caption(column.label);
      cellRules[cell('::before', ['tfoot'])] = caption(column.footerLabel);
    } else {
      cellRules[cell('::before')] = caption(column.label);
    }
  });
  return (theme: Theme) => ({
    [theme.breakpoints.down('sm')]: {
      '& table': { minWidth: '0 !important' },
      '& thead': visuallyHidden,
      '& table, & tbody, & tfoot, & tr': { display: 'block' },
      '& tbody tr, & tfoot tr': { borderBottom: 1, borderColor: 'divider', py: 1 },
      '& tbody tr:has(> td[colspan])': { borderBottom: 0, py: 0 },
      // MUI lays a right-aligned cell out in reverse (row-reverse), which would put the caption after the figure.
      '& td': { display: 'flex', flexDirection: 'row', justifyContent: 'space-between', alignItems: 'center', gap: 1, border: 0, py: 0.5, textAlign: 'right' },
      '& td:empty': { display: 'none' },
      '& td[colspan]': { display: 'block', textAlign: 'left' },
      ...cellRules,
    },
  });
}
