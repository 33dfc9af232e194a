import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import type { Profile } from '@clinic/domain';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { useSaveTourChoice, type TourChoice } from '../api/tour-api';
import { TourContext } from '../tour-context';
import { endTourForSession } from '../tour-session';
import { useTourAutoStart } from '../use-tour-auto-start';

// react-joyride and the steps load only when a tour runs, not with the signed-in app.
const GuidedTour = lazy(async () => ({ default: (await import('./guided-tour')).GuidedTour }));

interface TourProviderProps {
  profile: Profile | undefined;
  /** The paths the user's navigation lists. */
  navPaths: readonly string[];
  /** Holds the automatic start while another screen comes first. */
  paused: boolean;
  children: ReactNode;
}

/** Owns the guided tour for the signed-in app: starts it when due or on request, and records how it ended. */
export function TourProvider({ profile, navPaths, paused, children }: TourProviderProps) {
  const notify = useNotify();
  const saveChoice = useSaveTourChoice();
  const [running, setRunning] = useState(false);
  const start = useCallback(() => { setRunning(true); }, []);
  useTourAutoStart({ profile, paused, running, start });

  const userId = profile?.id;
  const end = useCallback(() => {
    if (userId) endTourForSession(userId);
    setRunning(false);
  }, [userId]);

  // The tour closes at once; the choice is saved behind it, and a failure says so.
  const choose = (choice: TourChoice) => {
    end();
    if (!userId) return;
    saveChoice.mutate({ userId, choice }, { onError: (error) => { notify.error(errorMessage(error, 'Could not save your tour choice')); } });
  };

  const controls = useMemo(() => ({ start, running }), [start, running]);

  return (
    <TourContext value={controls}>
      {children}
      {running && profile ? (
        <Suspense fallback={null}>
          <GuidedTour navPaths={navPaths} permissions={profile.permissions} onEnd={end} onChoice={choose} />
        </Suspense>
      ) : null}
    </TourContext>
  );
}
