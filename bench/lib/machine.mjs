// What a bench records of the machine it ran on: its figures move with the core's speed and the load.
import { execFileSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** scripts/core-speed.mjs's reading now, in ms (lower is faster; the slower hosts read 560–620). */
export const coreSpeedMs = () =>
  Number(
    execFileSync(process.execPath, [path.join(root, "scripts/core-speed.mjs")], { encoding: "utf8" }).split(
      " ",
    )[0],
  );

/** The CPU, its cores, the core speed and the 1-minute load, as a bench result's `machine`. */
export const machineFigures = () => ({
  cpu: os.cpus()[0]?.model ?? "unknown",
  cores: os.cpus().length,
  coreSpeedMs: coreSpeedMs(),
  load: os.loadavg()[0].toFixed(2),
});
