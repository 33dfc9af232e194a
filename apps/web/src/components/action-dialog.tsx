import { useId, type ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface ActionDialogProps {
  open?: boolean;
  title: ReactNode;
  /** The line under the title that says what the dialog does. */
  description?: ReactNode;
  /** Whether the description is also the dialog's accessible description (aria-describedby). */
  describedByDescription?: boolean;
  children?: ReactNode;
  /**
   * The fields are stacked 2 apart (below the title, or below the description); a dialog whose
   * content lays itself out (a grid, an alert above its fields) asks for it as it is.
   */
  plainContent?: boolean;
  /** Announced to screen readers as it appears (the server's answer to the submit). */
  error?: ReactNode;
  submitLabel: ReactNode;
  onSubmit: () => void;
  /** The submit button is disabled until the dialog is ready to send. */
  ready?: boolean;
  pending?: boolean;
  onClose: () => void;
  cancelLabel?: ReactNode;
  /** Some dialogs also disable Cancel while the submit is on its way; others leave it enabled. */
  cancelDisabledWhilePending?: boolean;
  submitColor?: ButtonProps['color'];
  /** Submit with Enter: the content and actions are a form, the submit button its submit. */
  form?: boolean;
  /** Buttons before Cancel (a second way out, such as "Follow the forecast"). */
  extraActions?: ReactNode;
  /** Replaces Cancel and submit, for a dialog whose buttons are its own. */
  actions?: ReactNode;
  maxWidth?: DialogProps['maxWidth'];
  fullWidth?: boolean;
  fullScreen?: boolean;
}

/**
 * The frame of a dialog that does one thing: a title that names it, the fields, the server's
 * error and Cancel beside the action. While the action is pending, Escape and the backdrop do not
 * close it, so a request in flight is not forgotten.
 */
export function ActionDialog({
  open = true,
  title,
  description,
  describedByDescription = false,
  children,
  plainContent = false,
  error,
  submitLabel,
  onSubmit,
  ready = true,
  pending = false,
  onClose,
  cancelLabel = 'Cancel',
  cancelDisabledWhilePending = false,
  submitColor,
  form = false,
  extraActions,
  actions,
  maxWidth = 'sm',
  fullWidth = true,
  fullScreen,
}: ActionDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const errorLine = error ? (
    <Typography color="error" role="alert">
      {error}
    </Typography>
  ) : null;
  const body = (
    <>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {description ? (
          <DialogContentText id={describedByDescription ? descriptionId : undefined} sx={{ mb: 2 }}>
            {description}
          </DialogContentText>
        ) : null}
        {plainContent ? (
          <>
            {children}
            {errorLine}
          </>
        ) : (
          // The description's margin already sets the fields apart from it.
          <Stack spacing={2} sx={description ? undefined : { mt: 1 }}>
            {children}
            {errorLine}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {actions ?? (
          <>
            {extraActions}
            <Button onClick={onClose} disabled={cancelDisabledWhilePending && pending}>
              {cancelLabel}
            </Button>
            <Button type={form ? 'submit' : 'button'} variant="contained" color={submitColor} onClick={form ? undefined : onSubmit} disabled={!ready} loading={pending}>
              {submitLabel}
            </Button>
          </>
        )}
      </DialogActions>
    </>
  );
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      fullWidth={fullWidth}
      maxWidth={maxWidth}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      aria-describedby={description && describedByDescription ? descriptionId : undefined}
    >
      {form ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {body}
        </form>
      ) : (
        body
      )}
    </Dialog>
  );
}
