import type { TreatmentChoice } from './tray';

/** As many as the server's search answers at the chair. */
const SHOWN = 20;

/**
 * The chair's treatment search offline, over the treatments kept on the device: every word typed
 * is found in the code or the name (any case). Nothing typed offers the first ones, as online.
 */
export function searchKeptTreatments<T extends TreatmentChoice>(kept: readonly T[], typed: string): T[] {
  const words = typed.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const found = kept.filter((t) => {
    const text = `${t.treatment_code} ${t.name}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
  return found.slice(0, SHOWN);
}
