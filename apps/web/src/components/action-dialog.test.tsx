import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ActionDialog, type ActionDialogProps } from './action-dialog';

const renderDialog = (props: Partial<ActionDialogProps> = {}) => {
  const onClose = vi.fn<() => void>();
  const onSubmit = vi.fn<() => void>();
  render(
    <ActionDialog title="Ship to Downtown" submitLabel="Ship" onSubmit={onSubmit} onClose={onClose} {...props}>
      <input aria-label="Units" />
    </ActionDialog>,
  );
  return { onClose, onSubmit };
};

describe('the action dialog', () => {
  it('is named by its title', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Ship to Downtown' })).toBeInTheDocument();
  });

  it('closes on Cancel, and submits on its action', async () => {
    const { onClose, onSubmit } = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Ship' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('keeps its action disabled until it is ready', () => {
    renderDialog({ ready: false });
    expect(screen.getByRole('button', { name: 'Ship' })).toBeDisabled();
  });

  it('announces the server\'s error', () => {
    renderDialog({ error: 'Not enough units on hand' });
    expect(screen.getByRole('alert')).toHaveTextContent('Not enough units on hand');
  });

  it('is not closed by Escape while its action is pending', async () => {
    const pending = renderDialog({ pending: true });
    await userEvent.keyboard('{Escape}');
    expect(pending.onClose).not.toHaveBeenCalled();
  });

  it('closes on Escape when nothing is pending', async () => {
    const { onClose } = renderDialog();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('submits with Enter when it is a form', async () => {
    const { onSubmit } = renderDialog({ form: true });
    await userEvent.type(screen.getByLabelText('Units'), '3{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('describes itself by its description when asked to', () => {
    renderDialog({ description: 'Ten units of gloves', describedByDescription: true });
    expect(screen.getByRole('dialog', { name: 'Ship to Downtown' })).toHaveAccessibleDescription('Ten units of gloves');
  });
});
