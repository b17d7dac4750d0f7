import { createLoaders, type Loaders } from "../loaders";
import type { Services } from "../services";

export interface PortalContext {
  services: Services;
  loaders: Loaders;
}

export function createContext(services: Services): PortalContext {
  return { services, loaders: createLoaders(services) };
}
