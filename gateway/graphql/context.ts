import { createLoaders, type Loaders } from "../loaders";
import type { Services } from "../services";

export interface PortalContext {
  services: Services;
  loaders: Loaders;
  /** Throws when the client has used up its write allowance (HTTP requests only; the REST facade limits its own routes). */
  guardWrite?: () => Promise<void>;
  /** Marks the HTTP request behind the operation as met by an unreachable database (answered 503). */
  markDatabaseUnavailable?: () => void;
  /**
   * Set by the REST facade: its operations are the server's own fixed documents with server-checked
   * parameters (page sizes capped in params.ts; the CSV exports are whole tables by design), so the
   * cost limit, which guards client-written queries, does not apply to them.
   */
  serverOperation?: boolean;
}

export function createContext(
  services: Services,
  guardWrite?: () => Promise<void>,
  markDatabaseUnavailable?: () => void,
): PortalContext {
  return { services, loaders: createLoaders(services), guardWrite, markDatabaseUnavailable };
}
