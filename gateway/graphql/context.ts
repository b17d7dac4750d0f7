import { createLoaders, type Loaders } from "../loaders";
import type { Services } from "../services";

export interface PortalContext {
  services: Services;
  loaders: Loaders;
  /** Throws when the client has used up its write allowance (HTTP requests only; the REST facade limits its own routes). */
  guardWrite?: () => Promise<void>;
  /** Marks the HTTP request behind the operation as met by an unreachable database (answered 503). */
  markDatabaseUnavailable?: () => void;
}

export function createContext(
  services: Services,
  guardWrite?: () => Promise<void>,
  markDatabaseUnavailable?: () => void,
): PortalContext {
  return { services, loaders: createLoaders(services), guardWrite, markDatabaseUnavailable };
}
