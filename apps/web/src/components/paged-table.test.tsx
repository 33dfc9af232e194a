import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { PagedTable, type PageState } from './paged-table';

function renderTable({ total, totalIsCapped, rowCount, pageState, loading = false }: { total: number; totalIsCapped?: boolean; rowCount: number; pageState: PageState; loading?: boolean }) {
  const onPageStateChange = vi.fn<(next: PageState) => void>();
  return { onPageStateChange, ...render(
    <PagedTable
      label="Products"
      columns={[{ key: 'name', label: 'Name' }]}
      total={total}
      totalIsCapped={totalIsCapped}
      pageState={pageState}
      onPageStateChange={onPageStateChange}
      loading={loading}
      emptyText="No products"
      rowCount={rowCount}
    >
      {Array.from({ length: rowCount }, (_, i) => (
        <TableRow key={i}>
          <TableCell>Product {i + 1}</TableCell>
        </TableRow>
      ))}
    </PagedTable>,
  ) };
}

describe('a paged table whose total the server capped', () => {
  it('shows the total as "3,000+" and pages on past the cap while pages come back full', async () => {
    const { onPageStateChange } = renderTable({ total: 3000, totalIsCapped: true, rowCount: 10, pageState: { page: 299, perPage: 10 } });
    expect(screen.getByText('2,991–3,000 of 3,000+')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(onPageStateChange).toHaveBeenCalledWith({ page: 300, perPage: 10 });
  });

  it('stops at the page that comes back short', () => {
    renderTable({ total: 3000, totalIsCapped: true, rowCount: 4, pageState: { page: 334, perPage: 10 } });
    expect(screen.getByText('3,341–3,344 of 3,000+')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /next page/i })).toBeDisabled();
  });

  it('shows an exact total as it is, the last page without a next one', () => {
    renderTable({ total: 1250, rowCount: 10, pageState: { page: 124, perPage: 10 } });
    expect(screen.getByText('1,241–1,250 of 1,250')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /next page/i })).toBeDisabled();
  });
});

describe('a paged table while its first page loads', () => {
  it('shows no pagination until the page has answered, so the rows do not push it down', () => {
    const { rerender } = renderTable({ total: 0, rowCount: 0, pageState: { page: 0, perPage: 10 }, loading: true });
    expect(screen.queryByRole('button', { name: /next page/i })).not.toBeInTheDocument();
    expect(screen.queryByText('No products')).not.toBeInTheDocument();
    rerender(
      <PagedTable label="Products" columns={[{ key: 'name', label: 'Name' }]} total={25} pageState={{ page: 0, perPage: 10 }} onPageStateChange={vi.fn()} loading={false} emptyText="No products" rowCount={1}>
        <TableRow>
          <TableCell>Product 1</TableCell>
        </TableRow>
      </PagedTable>,
    );
    expect(screen.getByText('1–10 of 25')).toBeInTheDocument();
  });

  it('keeps the pagination while a next page loads over the rows shown', () => {
    renderTable({ total: 25, rowCount: 10, pageState: { page: 1, perPage: 10 }, loading: true });
    expect(screen.getByText('11–20 of 25')).toBeInTheDocument();
  });

  it('shows an empty list\'s pagination once it has answered', () => {
    renderTable({ total: 0, rowCount: 0, pageState: { page: 0, perPage: 10 } });
    expect(screen.getByText('No products')).toBeInTheDocument();
    expect(screen.getByText('0–0 of 0')).toBeInTheDocument();
  });
});
