import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderLinesTable } from './order-lines-table';

const LINES = [
  { id: 'a', name: 'Lidocaine 2%', sku: 'LID-2', quantity: 4, received_quantity: 4, price: 45, total: 180 },
  { id: 'b', name: 'Gauze', sku: 'GZ-1', quantity: 10, received_quantity: 3, price: 2.5, total: 25 },
];

describe('an order\'s lines table', () => {
  it('heads the quantities with the caller\'s label after its leading columns, and spans the Total label over all but the last', () => {
    render(
      <OrderLinesTable
        number="PO-000042"
        lines={LINES}
        total={205}
        leading={[
          { label: 'Product', cell: (line) => line.name },
          { label: 'SKU', cell: (line) => line.sku },
        ]}
        quantityLabel="Packs"
        size="small"
        minWidth={560}
      />,
    );
    const table = screen.getByRole('table', { name: 'Lines of PO-000042' });
    const [head, first, second, foot] = within(table).getAllByRole('row');
    expect(within(head!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Product', 'SKU', 'Packs', 'Received', 'Price', 'Total']);
    expect(within(first!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Lidocaine 2%', 'LID-2', '4', '4', '$45.00', '$180.00']);
    expect(within(second!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Gauze', 'GZ-1', '10', '3', '$2.50', '$25.00']);
    const [label, total] = within(foot!).getAllByRole('cell');
    expect(label).toHaveTextContent('Total');
    expect(label).toHaveAttribute('colspan', '5');
    expect(total).toHaveTextContent('$205.00');
  });
});
