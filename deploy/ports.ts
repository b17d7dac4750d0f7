import { createServer } from "node:net";

/** A free TCP port on loopback: free when picked, which is not yet free when a server binds it. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Whether a server's start failed because its port was taken (it says so in its error or its output). */
export const portWasTaken = (text: string) => /EADDRINUSE|Address already in use/i.test(text);

/**
 * Start a server on a free port, and on another one when the first was taken between the pick and the
 * bind: on a busy machine any outgoing connection may draw that port meanwhile. `start` throws an error
 * whose message carries the server's own words; only a taken port is retried.
 */
export async function startOnFreePort<T>(start: (port: number) => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await freePort());
    } catch (error) {
      if (attempt >= attempts || !portWasTaken((error as Error).message)) throw error;
    }
  }
}
