/**
 * What a search picker may offer right now. Its list comes from the server a moment after typing
 * (debounce, then the request); until the answer for exactly what was typed arrives, only the
 * loaded options that visibly contain the typed text are offered, so a quick tap can never pick
 * a row left over from the previous search (a wrong treatment takes its stock).
 */
export function currentOptions<T>(options: readonly T[], typed: string, answeredFor: string | null, texts: (option: T) => readonly string[]): T[] {
  if (answeredFor !== null && answeredFor.trim() === typed.trim()) return [...options];
  const needle = typed.trim().toLowerCase();
  if (needle === '') return [];
  return options.filter((option) => texts(option).some((text) => text.toLowerCase().includes(needle)));
}
