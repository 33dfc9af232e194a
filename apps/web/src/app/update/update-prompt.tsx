import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { COMPACT_MEDIA_QUERY } from '../../lib/device';

/** The bottom bar's height (app/layout/bottom-nav.tsx) and a gap: the prompt sits above the phone's tabs. */
const ABOVE_BOTTOM_BAR = 'calc(64px + env(safe-area-inset-bottom))';

export interface UpdatePromptProps {
  open: boolean;
  /** Switches to the new version and reloads the page. */
  onReload: () => void;
  /** Hides the prompt until the next page load, when it shows again while the new version waits. */
  onLater: () => void;
}

/**
 * Says a new version of the app has been downloaded and waits (issue 52, item 1). It stays until
 * answered, not a toast that hides itself: nothing changes under a clinician's hands until they
 * choose Reload, and closing it leaves the page as it is (a visit half typed is not lost).
 */
export function UpdatePrompt({ open, onReload, onLater }: UpdatePromptProps) {
  return (
    <Snackbar
      open={open}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      sx={{ [`@media ${COMPACT_MEDIA_QUERY}`]: { bottom: ABOVE_BOTTOM_BAR } }}
      message="A new version is ready —"
      action={
        <>
          <Button color="inherit" size="small" onClick={onReload}>
            Reload
          </Button>
          <IconButton color="inherit" size="small" aria-label="Close" onClick={onLater}>
            <CloseOutlined fontSize="small" />
          </IconButton>
        </>
      }
    />
  );
}
