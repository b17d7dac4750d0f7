import type { DataSource } from "typeorm";
import { Localisation } from "../../schema";
import { BadInputError } from "../errors";

/** The compartments (localisations) in id order (Postsynaptic, Presynaptic, Synaptosome, Synaptic_Vesicle). */
export function readLocalisations(db: DataSource): Promise<Localisation[]> {
  return db.getRepository(Localisation).find({ order: { id: "ASC" } });
}

/**
 * The localisation of `all` named `name` (any case). Anything else is a 400 listing the valid names;
 * `extra` names accepted besides the compartments (e.g. 'All') for that message.
 */
export function resolveLocalisation(
  name: string,
  all: readonly Localisation[],
  extra: string[] = [],
): Localisation {
  const found = all.find((l) => l.name.toLowerCase() === name.trim().toLowerCase());
  if (!found) {
    const names = [...extra, ...all.map((l) => l.name)];
    throw new BadInputError(`Invalid compartment. Must be one of: ${names.join(", ")}`);
  }
  return found;
}
