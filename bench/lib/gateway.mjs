// The portal's production gateway (dist/gateway/main.js) on a free loopback port, for a bench.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./free-port.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * Starts the gateway over `databaseUrl` with Node's `flags` (`npm start` gives --max-semi-space-size=64)
 * and `env` over the bench's own, and resolves once /readyz answers 200 (at most 180 s). With `quiet`
 * its standard output (the access log of a default start) is dropped, its errors still shown.
 */
export async function startGateway(
  databaseUrl,
  { env = {}, flags = ["--max-semi-space-size=64"], quiet = false } = {},
) {
  const port = await freePort();
  const child = spawn(process.execPath, [...flags, "dist/gateway/main.js"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1", ...env },
    stdio: ["ignore", quiet ? "ignore" : "inherit", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the gateway exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${base}/readyz`);
      if (response.status === 200) break;
    } catch {}
    if (Date.now() > deadline) throw new Error("the gateway did not become ready in 180 s");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    // The gateway bounds its own shutdown (SHUTDOWN_TIMEOUT_MS); this is the last resort.
    const force = setTimeout(() => child.kill("SIGKILL"), 45_000);
    await exited;
    clearTimeout(force);
  };
  return { base, pid: child.pid, stop };
}
