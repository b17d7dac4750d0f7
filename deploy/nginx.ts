import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startOnFreePort } from "./ports";

/** The values deploy/nginx.conf's ${NAME} placeholders take (documented at the top of that file). */
export interface NginxSettings {
  /** nginx's listen address: a port, or host:port. */
  listen: string;
  /** The gateways, as host:port. */
  gateways: string[];
  webDist: string;
  stateDir: string;
  /** How long the proxy keeps a cacheable answer (default 1s). */
  proxyCacheValid?: string;
}

export const nginxTemplatePath = path.join(__dirname, "nginx.conf");

/** deploy/nginx.conf with its placeholders filled in, as `envsubst` with the list of names would. */
export function renderNginxConfig(
  settings: NginxSettings,
  template = readFileSync(nginxTemplatePath, "utf8"),
) {
  const values: Record<string, string> = {
    LISTEN: settings.listen,
    GATEWAY_SERVERS: settings.gateways
      .map((address) => `server ${address} max_fails=2 fail_timeout=5s;`)
      .join("\n        "),
    WEB_DIST: settings.webDist,
    STATE_DIR: settings.stateDir,
    PROXY_CACHE_VALID: settings.proxyCacheValid ?? "1s",
  };
  return template.replace(/\$\{([A-Z_]+)\}/g, (placeholder, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`deploy/nginx.conf: no value for ${placeholder}`);
    return value;
  });
}

export interface RunningNginx {
  baseUrl: string;
  stateDir: string;
  accessLog(): string;
  stop(): Promise<void>;
}

/** nginx in the foreground on a free loopback port, with the rendered config, its files all under stateDir. */
export function startNginx(settings: Omit<NginxSettings, "listen">): Promise<RunningNginx> {
  return startOnFreePort((port) => startNginxOn({ ...settings, listen: `127.0.0.1:${port}` }));
}

async function startNginxOn(settings: NginxSettings): Promise<RunningNginx> {
  mkdirSync(settings.stateDir, { recursive: true });
  const confPath = path.join(settings.stateDir, "nginx.conf");
  writeFileSync(confPath, renderNginxConfig(settings));
  // Started by root (a CI container), nginx's workers would switch to 'nobody', who cannot write the cache.
  const user = process.getuid?.() === 0 ? ` user ${os.userInfo().username};` : "";
  const child: ChildProcess = spawn(
    "/usr/sbin/nginx",
    ["-p", settings.stateDir, "-c", confPath, "-g", `daemon off; pid ${settings.stateDir}/nginx.pid;${user}`],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const port = settings.listen.split(":").pop();
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${stderr}`);
    // Any answer means nginx listens (the gateways may not be up yet).
    if (
      await fetch(`${baseUrl}/metrics`).then(
        () => true,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`nginx did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    stateDir: settings.stateDir,
    accessLog: () => readFileSync(path.join(settings.stateDir, "access.log"), "utf8"),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGQUIT"); // graceful: finishes the requests it is serving
      await exited;
    },
  };
}
