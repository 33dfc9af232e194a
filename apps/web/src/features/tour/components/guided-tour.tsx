import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { EVENTS, Joyride, type EventData, type Step } from 'react-joyride';
import { useLocation, useNavigate } from 'react-router';
import type { PermissionMap } from '@clinic/domain';
import { findTourProductId, type TourChoice } from '../api/tour-api';
import { isOnTourPage, offeredTourPages, type TourPage, type TourPath } from '../tour-pages';
import { waitForElement, waitForSteadyPage } from '../wait-for-element';
import { TourChoiceContext } from './tour-choice-context';
import { TourTooltip } from './tour-tooltip';

/** How long a step waits for its page (a lazy chunk, then its data) to draw the target; then it is skipped. */
const TARGET_WAIT_MS = 8000;
/** At most this long for the page's lists and charts to load around the target. */
const STEADY_WAIT_MS = 2000;

const INTRO: Step = {
  id: 'intro',
  target: 'body',
  placement: 'center',
  title: 'Take a quick tour',
  content: 'A few steps through the pages you will use most. Next and Back move between pages, Skip ends the tour, and your Profile can start it again.',
};

export interface GuidedTourProps {
  /** The paths the user's navigation lists: the tour visits only those pages. */
  navPaths: readonly string[];
  permissions: PermissionMap;
  /** Finish or Skip. */
  onEnd: () => void;
  onChoice: (choice: TourChoice) => void;
}

/**
 * The tour itself, loaded only when it runs (react-joyride stays out of the first load).
 * Steps run across pages: before a step shows, its `before` hook opens the step's page, whether
 * the user pressed Next or Back, and waits for the page to draw the element the step points at.
 */
export function GuidedTour({ navPaths, permissions, onEnd, onChoice }: GuidedTourProps) {
  const theme = useTheme();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pathnameRef = useRef(pathname);
  const productIdRef = useRef<string | null>(null);

  useEffect(() => {
    pathnameRef.current = pathname;
  }, [pathname]);

  // Built once per run: react-joyride restarts a tour whose steps change.
  const [steps] = useState<Step[]>(() => {
    const stockRoomPath = async () => {
      productIdRef.current ??= await findTourProductId().catch(() => null);
      return productIdRef.current ? `/products/${productIdRef.current}` : null;
    };
    const open = async (path: TourPath): Promise<boolean> => {
      if (isOnTourPage(path, pathnameRef.current)) return true;
      const to = path.kind === 'path' ? path.path : await stockRoomPath();
      if (!to) return false;
      await navigate(to);
      return true;
    };
    const toStep = (page: TourPage): Step => ({
      id: page.id,
      target: page.target,
      title: page.title,
      content: page.content,
      // A step whose page cannot open or never draws its target is skipped in the direction of travel.
      before: async () => {
        if (!(await open(page.path))) return;
        if (await waitForElement(page.target, TARGET_WAIT_MS)) await waitForSteadyPage(STEADY_WAIT_MS);
      },
    });
    return [INTRO, ...offeredTourPages(navPaths, permissions).map(toStep)];
  });

  // react-joyride sizes its overlay to the page when a step shows, and that overlay then holds the
  // page at least as tall: after a long page, a short one would scroll on into empty overlay. In a
  // layer fixed to the screen the overlay is the screen's size on every page.
  const [layer, setLayer] = useState<HTMLElement | null>(null);

  const handleEvent = (data: EventData) => {
    if (data.type === EVENTS.TOUR_END) onEnd();
  };

  return (
    <TourChoiceContext value={onChoice}>
      {/* Above the app bar, bottom bar and sidebar; below dialogs and toasts. */}
      <Box ref={setLayer} sx={{ position: 'fixed', inset: 0, zIndex: theme.zIndex.drawer + 1, pointerEvents: 'none' }} />
      {layer ? (
        <Joyride
          portalElement={layer}
          run
          continuous
          steps={steps}
          onEvent={handleEvent}
          tooltipComponent={TourTooltip}
          options={{
            skipBeacon: true,
            // Skip, Escape or a choice end the tour; a stray click on the page does not.
            overlayClickAction: false,
            dismissKeyAction: false,
            beforeTimeout: TARGET_WAIT_MS + STEADY_WAIT_MS + 1000,
            primaryColor: theme.palette.primary.main,
            arrowColor: theme.palette.background.paper,
            spotlightRadius: 12,
            // Clear of the sticky top bar on phones and tablets.
            scrollOffset: 88,
          }}
        />
      ) : null}
    </TourChoiceContext>
  );
}
