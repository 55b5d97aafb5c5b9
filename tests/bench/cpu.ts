// CPU time read from Linux's /proc, for benches that say who used the CPU (a process, a thread,
// all processes of a name, the whole machine). Times are in ms; utime and stime tick at 1/100 s.
import fs from 'node:fs';

/** User + system CPU ms of a /proc stat file (`/proc/<pid>/stat` or `/proc/self/task/<tid>/stat`), and the command name in it. */
function readStat(file: string): { comm: string; ms: number } {
  const text = fs.readFileSync(file, 'utf8');
  const close = text.lastIndexOf(') ');
  const fields = text.slice(close + 2).split(' ');
  return { comm: text.slice(text.indexOf('(') + 1, close), ms: (Number(fields[11]) + Number(fields[12])) * 10 };
}

/** CPU ms a process has used: what a start costs whatever the machine's load. */
export const processCpuMs = (pid: number): number => readStat(`/proc/${pid}/stat`).ms;

/** CPU ms of this process's main thread, without its worker threads; the whole process's where there is no /proc. */
export function mainThreadCpuMs(): number {
  try {
    return readStat(`/proc/self/task/${process.pid}/stat`).ms;
  } catch {
    const used = process.cpuUsage();
    return (used.user + used.system) / 1000;
  }
}

/** CPU ms of the calling thread (a worker's own, without the process's other threads); 0 without /proc. */
export function threadCpuMs(): number {
  try {
    return readStat('/proc/thread-self/stat').ms;
  } catch {
    return 0;
  }
}

/** CPU ms used so far by the running processes named `comm` (PostgreSQL's are all `postgres`), 0 without /proc. */
export function processesCpuMs(comm: string): number {
  let ms = 0;
  try {
    for (const pid of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const stat = readStat(`/proc/${pid}/stat`);
        if (stat.comm === comm) ms += stat.ms;
      } catch {
        /* gone meanwhile */
      }
    }
  } catch {
    return 0;
  }
  return ms;
}

/** The machine's busy CPU ms so far (all cores; /proc/stat), 0 where there is none. */
export function machineBusyMs(): number {
  try {
    const [cpu] = fs.readFileSync('/proc/stat', 'utf8').split('\n');
    const ticks = cpu.trim().split(/\s+/).slice(1).map(Number);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    const all = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
    return (all - idle) * 10;
  } catch {
    return 0;
  }
}
