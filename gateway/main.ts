import "reflect-metadata";
import { buildPortal } from "./app";

async function main(): Promise<void> {
  const portal = await buildPortal();
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? "0.0.0.0";
  await portal.app.listen({ port, host });
  portal.ready.then(
    () => portal.app.log.info(`Portal ready on http://localhost:${port} (${portal.config.kind})`),
    () => portal.app.log.error("Portal is not ready: see the error above; /readyz reports it"),
  );
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    portal.app.log.info(`${signal}: finishing in-flight requests`);
    await portal.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error: Error) => {
  console.error(`The portal could not start: ${error.message}`);
  process.exit(1);
});
