import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Fab from '@mui/material/Fab';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';

// The panel (recorder, dialogs, conversation) loads on first use, not with the app.
const AssistantPanel = lazy(() => import('./assistant-panel'));

/** Room the floating button takes at the bottom right, which pages keep free at their end. */
export const ASSISTANT_FAB_SPACE = 80;

interface AssistantHostProps {
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  /**
   * Where the floating button sits, px from the bottom right of the screen; null for no floating
   * button (phones open the assistant from their top bar, where it covers no content).
   */
  floatingButtonBottom: string | null;
}

/**
 * The voice assistant on every signed-in page: on desktops a floating "Assistant" button at the
 * bottom right, and the panel it opens. Once opened the panel stays mounted, so closing it keeps
 * the conversation.
 */
export function AssistantHost({ open, onOpen, onClose, floatingButtonBottom }: AssistantHostProps) {
  const [loaded, setLoaded] = useState(open);
  if (open && !loaded) setLoaded(true);
  return (
    <>
      {/* In a landmark of its own: a screen reader finds the assistant among the page's regions. */}
      {floatingButtonBottom === null ? null : (
        <Box component="aside" aria-label="Voice assistant">
          <Fab
            color="primary"
            variant="extended"
            aria-label="Open assistant"
            onClick={onOpen}
            sx={{
              position: 'fixed',
              right: { xs: 16, md: 24 },
              bottom: floatingButtonBottom,
              zIndex: (theme) => theme.zIndex.speedDial,
              gap: 1,
              px: { xs: 2, sm: 2.5 },
            }}
          >
            <SmartToyOutlined />
            <span>Assistant</span>
          </Fab>
        </Box>
      )}
      {loaded ? (
        <Suspense fallback={null}>
          <AssistantPanel open={open} onClose={onClose} />
        </Suspense>
      ) : null}
    </>
  );
}
