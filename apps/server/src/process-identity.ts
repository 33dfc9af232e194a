import { readFileSync } from 'node:fs';

/**
 * One process for the machine's uptime: its pid and the kernel's start time (a pid alone names
 * another process once reused). The data-directory lock and the uploads' scratch folders name
 * their owner this way, so that whatever a killed process left behind can be told from what a
 * live one is using.
 */
export interface ProcessIdentity {
  pid: number;
  /** Clock ticks since boot; null where it cannot be read (not Linux). */
  startTime: string | null;
}

/**
 * When a process started (field 22 of Linux's /proc/<pid>/stat). Null where /proc is not there
 * (macOS, Windows) or the process is gone.
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

let self: ProcessIdentity | undefined;
export function currentProcess(): ProcessIdentity {
  self ??= { pid: process.pid, startTime: processStartTime(process.pid) };
  return self;
}

/**
 * Is this process still running? A live process with the pid counts only if it also started
 * when the named one did. Without start times on either side (not Linux, or a name written
 * before they were kept) a live pid other than ours counts: when in doubt, keep things.
 */
export function isRunning(owner: ProcessIdentity): boolean {
  if (!isAlive(owner.pid)) return false;
  const startTime = processStartTime(owner.pid);
  if (startTime === null || owner.startTime === null) return owner.pid !== process.pid;
  return startTime === owner.startTime;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
