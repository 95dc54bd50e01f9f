/**
 * `JSON.stringify` in pieces, for the few bodies that are tens of MB (a page of 5000 Azure DevOps builds
 * is 25 MB): serialized whole, such a body is a string, its bytes and their rewritten copy at once, which
 * set the build's peak memory. In pieces, it is never more than a chunk at a time.
 */

/** An array this long, at the top of a body or in one of its members, makes the body one to serialize in pieces. */
export const LONG_ARRAY = 1000;

/** Whether `body` is (or has a member that is) an array of at least `length` items. */
export function hasLongArray(body: unknown, length = LONG_ARRAY): boolean {
  if (Array.isArray(body)) return body.length >= length;
  if (body === null || typeof body !== "object") return false;
  for (const key of Object.keys(body)) {
    const member = (body as Record<string, unknown>)[key];
    if (Array.isArray(member) && member.length >= length) return true;
  }
  return false;
}

/**
 * Pieces whose concatenation is exactly `JSON.stringify(value)` (for JSON values, and objects whose
 * `toJSON` ignores its key, as a Date's does): an object is cut into its members (each cut the same way,
 * `depth` levels down), an array into its items, each item stringified whole. A piece is always whole JSON
 * tokens, so no string (nor a URL in it) is ever cut in two.
 */
export function* jsonPieces(value: unknown, depth = 2): Generator<string> {
  yield* piecesOf(toJsonValue(value), depth);
}

/** `json` has had its toJSON applied already (JSON.stringify applies it once). */
function* piecesOf(json: unknown, depth: number): Generator<string> {
  if (depth === 0 || json === null || typeof json !== "object" || !isPlainContainer(json)) {
    yield JSON.stringify(json) ?? "null";
    return;
  }
  if (Array.isArray(json)) {
    yield "[";
    for (let i = 0; i < json.length; i++) {
      // An item JSON has no text for (undefined, a function) is written as null.
      const item = JSON.stringify(json[i]) ?? "null";
      yield i === 0 ? item : `,${item}`;
    }
    yield "]";
    return;
  }
  yield "{";
  let first = true;
  for (const name of Object.keys(json)) {
    const member = toJsonValue((json as Record<string, unknown>)[name]);
    // A member JSON has no text for is left out, as JSON.stringify leaves it out.
    if (member === undefined || typeof member === "function" || typeof member === "symbol") continue;
    yield `${first ? "" : ","}${JSON.stringify(name)}:`;
    first = false;
    yield* piecesOf(member, depth - 1);
  }
  yield "}";
}

/** What JSON.stringify serializes in place of `value`: its `toJSON()` when it has one. */
function toJsonValue(value: unknown): unknown {
  if (value !== null && typeof value === "object" && typeof (value as { toJSON?: unknown }).toJSON === "function") {
    return (value as { toJSON(): unknown }).toJSON();
  }
  return value;
}

/** An array or a plain object; boxed primitives and other exotic objects are left to JSON.stringify whole. */
function isPlainContainer(value: object): boolean {
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
