import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { portWasTaken, startOnFreePort } from "./ports";

const projectRoot = path.resolve(__dirname, "..");

/**
 * A gateway as production runs it: `node dist/gateway/main.js` (built by `npm run build`) with its own
 * environment; its log lines (pino JSON on stdout) are kept for the tests to read.
 */
export class GatewayProcess {
  private child: ChildProcess | null = null;
  readonly logLines: string[] = [];

  /** Picked when it first starts (see start). */
  private boundPort = 0;

  constructor(private readonly env: Record<string, string>) {}

  get port(): number {
    return this.boundPort;
  }

  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  get baseUrl(): string {
    return `http://${this.address}`;
  }

  /** Start the process on a free port (the same one on a restart) and wait until /readyz answers 200. */
  async start(timeoutMs = 300_000): Promise<void> {
    if (this.boundPort) return this.startOn(this.boundPort, timeoutMs);
    await startOnFreePort((port) => this.startOn(port, timeoutMs));
  }

  private async startOn(port: number, timeoutMs: number): Promise<void> {
    this.boundPort = port;
    const child = spawn(process.execPath, [path.join(projectRoot, "dist", "gateway", "main.js")], {
      cwd: projectRoot,
      env: { ...process.env, HOST: "127.0.0.1", PORT: String(this.port), ...this.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    let partial = "";
    const keep = (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split("\n");
      partial = lines.pop() ?? "";
      this.logLines.push(...lines);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null) {
        // Its last lines, and the port error wherever it stands in the stack trace.
        const taken = this.logLines.find(portWasTaken) ?? "";
        throw new Error(
          `gateway ${this.address} exited (${child.exitCode}): ${taken}\n${this.logLines.slice(-5).join("\n")}`,
        );
      }
      const readiness = await fetch(`${this.baseUrl}/readyz`).then(
        async (response) => ({ status: response.status, body: await response.text() }),
        () => ({ status: 0, body: "" }),
      );
      if (readiness.status === 200) return;
      // A gateway whose start failed (its database refused a statement, say) reports it and stays up.
      if (readiness.body.includes('"status":"failed"'))
        throw new Error(`gateway ${this.address} failed to start: ${readiness.body}`);
      if (Date.now() > deadline)
        throw new Error(
          `gateway ${this.address} not ready after ${timeoutMs} ms: ${this.logLines.slice(-5).join("\n")}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /**
   * SIGTERM (a graceful drain) or SIGKILL (a crash); resolves with the exit code once the process is gone
   * and its output read ('close', not 'exit': the last log lines may still be in the pipe at 'exit').
   */
  async stop(signal: "SIGTERM" | "SIGKILL" = "SIGTERM"): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
    child.kill(signal);
    const code = await exited;
    this.child = null;
    return code;
  }
}
