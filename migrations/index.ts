import { InitialSchema1732240000000 } from "./1732240000000-initial-schema";

/** Every migration, oldest first. */
export const migrations = [InitialSchema1732240000000];
