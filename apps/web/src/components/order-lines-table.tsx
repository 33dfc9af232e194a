import type { ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatDollars } from '../lib/format';

/** What the table needs of an order's line (a purchase order's or a marketplace order's). */
export interface OrderLine {
  id: string;
  quantity: number;
  received_quantity: number;
  price: number;
  total: number;
}

interface OrderLinesTableProps<L extends OrderLine> {
  /** The order's number, in the table's accessible name: "Lines of PO-0012". */
  number: string;
  lines: readonly L[];
  total: number;
  /** The columns before the quantities: the product, and a marketplace order's SKU. */
  leading: readonly { label: string; cell: (line: L) => ReactNode }[];
  /** The ordered quantity's heading: "Ordered", or a marketplace order's "Packs". */
  quantityLabel: string;
  size?: 'small' | undefined;
  minWidth: number;
  hover?: boolean | undefined;
}

/**
 * An order's lines: what was ordered and received (green once all is in), at what price, and the
 * order's total underneath. The caller gives the container (a page's Paper, a dialog's scroll).
 */
export function OrderLinesTable<L extends OrderLine>({ number, lines, total, leading, quantityLabel, size, minWidth, hover }: OrderLinesTableProps<L>) {
  return (
    <Table size={size} aria-label={`Lines of ${number}`} sx={{ minWidth }}>
      <TableHead>
        <TableRow>
          {leading.map((column) => (
            <TableCell key={column.label}>{column.label}</TableCell>
          ))}
          <TableCell align="right">{quantityLabel}</TableCell>
          <TableCell align="right">Received</TableCell>
          <TableCell align="right">Price</TableCell>
          <TableCell align="right">Total</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map((line) => (
          <TableRow key={line.id} hover={hover}>
            {leading.map((column) => (
              <TableCell key={column.label}>{column.cell(line)}</TableCell>
            ))}
            <TableCell align="right">{line.quantity}</TableCell>
            <TableCell align="right" sx={{ color: line.received_quantity >= line.quantity ? 'success.main' : undefined }}>
              {line.received_quantity}
            </TableCell>
            <TableCell align="right">{formatDollars(line.price)}</TableCell>
            <TableCell align="right">{formatDollars(line.total)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        <TableRow>
          <TableCell colSpan={leading.length + 3} sx={{ fontWeight: 700 }}>
            Total
          </TableCell>
          <TableCell align="right" sx={{ fontWeight: 700 }}>
            {formatDollars(total)}
          </TableCell>
        </TableRow>
      </TableFooter>
    </Table>
  );
}
