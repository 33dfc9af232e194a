import { useBlocker } from 'react-router';
import { TREATMENT_LOG_MESSAGES } from '@clinic/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';

/** Spec section 2: leaving a procedure in progress asks 'You are about to discard the procedure'. */
export function DiscardGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Discard procedure"
      message={TREATMENT_LOG_MESSAGES.discardConfirm}
      confirmLabel="Discard"
      destructive
      onConfirm={() => { blocker.proceed?.(); }}
      onClose={() => { blocker.reset?.(); }}
    />
  );
}
