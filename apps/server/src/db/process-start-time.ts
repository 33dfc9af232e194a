import { readFileSync } from 'node:fs';

/**
 * When a process started, in clock ticks since boot (field 22 of Linux's /proc/<pid>/stat): with
 * the pid it names one process for the machine's uptime, as a pid alone does not once reused.
 * Null where /proc is not there (macOS, Windows) or the process is gone.
 */
export function processStartTime(pid: number): string | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may itself hold spaces and parentheses,
  // so the fields are counted from the last ')': state is field 3, start time field 22.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const startTime = fields[22 - 3];
  return startTime && /^\d+$/.test(startTime) ? startTime : null;
}
