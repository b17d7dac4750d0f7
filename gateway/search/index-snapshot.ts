import v8 from "node:v8";
import { DERIVED_DATA_VERSION } from "../services/read-models/version";

/**
 * What a snapshot is valid for: the version of the derived data (read-models/version.ts), bumped when
 * the index's format or contents change. A snapshot of another version is not restored but built again.
 */
export const SNAPSHOT_FORMAT = `derived data ${DERIVED_DATA_VERSION}`;

/** Node's reading of a typed array in a snapshot (not in @types/node: it is meant to be overridden). */
const readTypedArray = (
  v8.DefaultDeserializer.prototype as unknown as { _readHostObject(this: v8.Deserializer): ArrayBufferView }
)._readHostObject;

/**
 * v8.deserialize with a copy of each typed array and Buffer (the index holds no DataView). Node's own
 * makes each one a view into the snapshot's buffer, and any of them then keeps the whole snapshot in
 * memory: at 10x data, 99 MB held for 53 MB of arrays.
 */
class CopyingDeserializer extends v8.DefaultDeserializer {
  _readHostObject(): ArrayBufferView {
    const view = readTypedArray.call(this) as Uint8Array;
    return Buffer.isBuffer(view) ? Buffer.from(view) : view.slice(); // a Buffer's slice() is a view
  }
}

export function deserializeCopying(snapshot: Buffer): unknown {
  const deserializer = new CopyingDeserializer(snapshot);
  deserializer.readHeader();
  return deserializer.readValue();
}

/** An object of class `type` with the fields a snapshot kept (v8.deserialize gives plain objects). */
export const withFields = <T>(type: { prototype: T }, fields: object): T =>
  Object.assign(Object.create(type.prototype as object) as object, fields) as T;
