import type { StoredJson } from "../format/dist.js";

/**
 * JSON as bodies hold it, on its own so that everything in core can name it without importing the
 * provider contract (core/provider.ts re-exports both).
 */

/** A JSON value (the format's own type: format/dist.ts). */
export type JsonValue = StoredJson;

/** A JSON object body or member, as providers build them: the one object type of the codebase. */
export type JsonObject = { [key: string]: JsonValue };
