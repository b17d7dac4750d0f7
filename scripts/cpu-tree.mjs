// Runs a command and prints the CPU seconds of its whole process tree, by kind (chromium, gateway,
// playwright's node processes, other). /usr/bin/time and the shell's `times` count only children that
// were waited for: Chromium's zygotes are reparented to init, so their renderers' CPU is lost there
// (all-routes at 390 px, 4 tests: 11.0 CPU-s by /usr/bin/time, 31.7 here). This reads /proc every
// 250 ms and keeps each process's last utime+stime, following a process once seen in the tree even
// after it is reparented; a process's last 250 ms, or one shorter than that, can be missed.
// Usage: node scripts/cpu-tree.mjs npx playwright test tests/e2e/<file> --workers=2
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100;
/** pid:starttime -> { cpu, kind } of every process seen in the tree. */
const seen = new Map();

function read(path) {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

function kindOf(pid, comm) {
  const cmd = read(`/proc/${pid}/cmdline`) ?? "";
  if (comm.includes("chrom") || cmd.includes("chromium")) {
    // Chromium's processes by role: the browser, its renderers, the GPU (compositing) and utility ones.
    const type = /--type=([a-z-]+)/.exec(cmd)?.[1] ?? "browser";
    return `chromium ${/--utility-sub-type=[a-z.]*?(\w+)\.mojom/.exec(cmd)?.[1] ?? type}`;
  }
  if (cmd.includes("gateway/main.js")) return "gateway";
  if (cmd.includes("playwright")) return "playwright";
  return `other (${comm})`;
}

function scan(root) {
  const procs = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    if (!stat) continue;
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    procs.set(Number(entry), {
      comm: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")),
      ppid: Number(fields[1]),
      user: Number(fields[11]) / TICKS_PER_SECOND,
      system: Number(fields[12]) / TICKS_PER_SECOND,
      key: `${entry}:${fields[19]}`,
    });
  }
  const inTree = (pid) => {
    for (let p = pid, depth = 0; p > 1 && depth < 64; depth++) {
      const proc = procs.get(p);
      if (p === root || (proc && seen.has(proc.key))) return true;
      if (!proc) return false;
      p = proc.ppid;
    }
    return false;
  };
  for (const [pid, proc] of procs) {
    if (!inTree(pid)) continue;
    const before = seen.get(proc.key);
    seen.set(proc.key, {
      user: Math.max(proc.user, before?.user ?? 0),
      system: Math.max(proc.system, before?.system ?? 0),
      kind: before?.kind ?? kindOf(pid, proc.comm),
    });
  }
}

const started = Date.now();
const child = spawn(process.argv[2], process.argv.slice(3), { stdio: "inherit" });
const timer = setInterval(() => scan(child.pid), 250);
child.on("exit", (code) => {
  clearInterval(timer);
  // Each kind's user and system seconds: system time is the kernel's (page faults, process start and exit, IPC).
  const byKind = new Map();
  for (const { user, system, kind } of seen.values()) {
    const sum = byKind.get(kind) ?? { user: 0, system: 0 };
    byKind.set(kind, { user: sum.user + user, system: sum.system + system });
  }
  const sums = [...byKind.values()];
  const user = sums.reduce((a, b) => a + b.user, 0);
  const system = sums.reduce((a, b) => a + b.system, 0);
  const parts = [...byKind]
    .sort((a, b) => b[1].user + b[1].system - (a[1].user + a[1].system))
    .map(([kind, cpu]) => `${kind} ${(cpu.user + cpu.system).toFixed(1)} (${cpu.system.toFixed(1)} sys)`)
    .join(", ");
  const wall = ((Date.now() - started) / 1000).toFixed(1);
  console.error(
    `cpu-tree: ${wall} s wall, ${(user + system).toFixed(1)} CPU-s, ${system.toFixed(1)} of them system (${parts})`,
  );
  process.exit(code ?? 1);
});
