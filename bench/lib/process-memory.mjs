import { readFileSync } from "node:fs";

/** Resident memory of a process from /proc (kB -> MiB): now and its peak; zeros once it is gone. */
export function processMemory(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const field = (name) => Number(status.match(new RegExp(`${name}:\\s+(\\d+)`))?.[1] ?? 0) / 1024;
    return { rss: field("VmRSS"), hwm: field("VmHWM") };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}
