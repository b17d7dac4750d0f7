import "./production-mode";
import "reflect-metadata";
import { buildPortal } from "./app";
import { envInt } from "./env";

async function main(): Promise<void> {
  const portal = await buildPortal();
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? "0.0.0.0";
  await portal.app.listen({ port, host });
  portal.ready.then(
    () => portal.app.log.info(`Portal ready on http://localhost:${port} (${portal.config.kind})`),
    () => portal.app.log.error("Portal is not ready: see the error above; /readyz reports it"),
  );
  // The log is written asynchronously: what it still holds goes out before any exit.
  const exit = async (code: number) => {
    await portal.log.end();
    process.exit(code);
  };
  process.on("uncaughtException", (error) => {
    portal.app.log.fatal({ err: error }, "uncaught exception: exiting");
    portal.log.flushSync();
    process.exit(1);
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    portal.app.log.info(
      `${signal}: draining, then finishing in-flight requests and refusing new connections`,
    );
    // Requests still running after SHUTDOWN_TIMEOUT_MS (default 30 s) are cut: a stuck client cannot hold the exit.
    const timeoutMs = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 30_000);
    const timer = setTimeout(() => {
      portal.app.log.error(`still busy after ${timeoutMs} ms: exiting`);
      void exit(1);
    }, timeoutMs);
    timer.unref();
    try {
      // /readyz turns 503 at once; the gateway serves on for DRAIN_DELAY_MS so the proxy sees it first.
      await portal.drain(envInt("DRAIN_DELAY_MS", 2000));
      await portal.close(); // server.close() waits for in-flight responses, then visits/counters are flushed
      portal.app.log.info("closed cleanly");
      await exit(0);
    } catch (error) {
      portal.app.log.error({ err: error }, "shutdown failed");
      await exit(1);
    }
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error: Error) => {
  console.error(`The portal could not start: ${error.message}`);
  process.exit(1);
});
