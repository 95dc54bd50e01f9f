/**
 * Where a resource lives on disk: its path with `@` and the canonical query appended (`repos/o/r@.json`,
 * `repos/o/r/pulls@page=2.json`). The `@` keeps a path that is both a resource and the parent of others
 * (`repos/o/r` and `repos/o/r/pulls`) from clashing as file and folder, and, unlike a folder per
 * resource, costs no directory for a leaf: folders exist only where paths have children.
 */
export function fileForKey(key: string, contentType: string | undefined): string {
  const q = key.indexOf("?");
  const path = q === -1 ? key : key.slice(0, q);
  const query = q === -1 ? "" : key.slice(q + 1);
  assertSafePath(path, key);
  const suffix = `@${query}${extensionFor(contentType)}`;
  const leaf = `${path.slice(path.lastIndexOf("/") + 1)}${suffix}`;
  if (Buffer.byteLength(leaf) > 240) throw new EmitError(`resource '${key}': its last segment and query are too long for a file name`);
  return `${path}${suffix}`;
}

function extensionFor(contentType: string | undefined): string {
  if (contentType === undefined || contentType.startsWith("application/json")) return ".json";
  if (contentType.startsWith("text/html")) return ".html";
  if (contentType.startsWith("text/")) return ".txt";
  return ".bin";
}

function assertSafePath(path: string, key: string): void {
  if (path.startsWith("/") || (path.endsWith("/") && path !== ""))
    throw new EmitError(`resource '${key}': the path must not start or end with '/'`);
  for (const segment of path === "" ? [] : path.split("/")) {
    if (
      segment === "" ||
      segment === "." ||
      segment === ".." ||
      segment.includes("@") ||
      segment.includes("\\") ||
      segment.includes("\u0000")
    ) {
      throw new EmitError(`resource '${key}': path segment '${segment}' cannot be written safely`);
    }
  }
}

/** A build that cannot be written as asked. */
export class EmitError extends Error {
  override name = "EmitError";
}

/** Two resources that would land in the same place. */
export class CollisionError extends EmitError {
  override name = "CollisionError";
  constructor(
    readonly first: string,
    readonly second: string,
    readonly where: string,
  ) {
    super(`output collision at ${where}: '${first}' and '${second}' both write it`);
  }
}
