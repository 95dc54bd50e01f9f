import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { sha256, type PinSummary } from "../emit/emit.js";
import { MANIFEST_FILE, META_DIR, ROUTES_FILE, SERVING_FILE } from "../format/dist.js";
import { PinStore } from "../answer/pin-store.js";
import { resolve } from "../answer/resolve.js";

const EMPTY_SHA256 = sha256(Buffer.alloc(0));

/**
 * Checks a finished live build before anything points at it: every pin's manifest is there and matches
 * what was built, every file the routes name exists with its size, and a sample of routes answers
 * through the resolver: bodies parse, and the links in their Link headers lead to served pages.
 * Returns the problems found (empty when the build may be switched to).
 */
export function verifyBuild(buildDir: string, pins: PinSummary[]): string[] {
  const problems: string[] = [];
  const store = new PinStore(buildDir);
  for (const pin of pins) {
    const dir = join(buildDir, pin.pin);
    for (const meta of [ROUTES_FILE, SERVING_FILE, MANIFEST_FILE]) {
      if (!existsSync(join(dir, META_DIR, meta))) problems.push(`${pin.pin}: ${META_DIR}/${meta} is missing`);
    }
    if (problems.length) continue;
    const manifest = JSON.parse(readFileSync(join(dir, META_DIR, MANIFEST_FILE), "utf8")) as {
      tree_hash: string;
      files: Record<string, string>;
    };
    if (manifest.tree_hash !== pin.treeHash) problems.push(`${pin.pin}: the manifest's tree hash is not the one built`);
    for (const file of Object.keys(manifest.files)) {
      let size = -1;
      try {
        size = statSync(join(dir, file)).size;
      } catch {
        problems.push(`${pin.pin}: ${file} is missing`);
        continue;
      }
      // Only empty files are suspect by size alone: an empty file whose recorded body was not empty.
      if (size === 0 && manifest.files[file] !== EMPTY_SHA256) problems.push(`${pin.pin}: ${file} is empty`);
    }
    const data = store.pin(pin.pin);
    if (!data) {
      problems.push(`${pin.pin}: the route index cannot be read`);
      continue;
    }
    const keys = [...data.routes.keys()].sort();
    const step = Math.max(1, Math.floor(keys.length / 200));
    for (let i = 0; i < keys.length && problems.length < 20; i += step) {
      const route = data.routes.get(keys[i]!)!;
      if (route.file.endsWith(".json")) {
        try {
          JSON.parse(readFileSync(join(dir, route.file), "utf8"));
        } catch {
          problems.push(`${pin.pin}: ${keys[i]} does not parse as JSON`);
        }
      }
      for (const link of route.headers.link?.match(/<[^>]+>/g) ?? []) {
        // Links name the host's canonical origin (https://<prefix>.<domain>): the path is the provider's.
        const url = new URL(link.slice(1, -1));
        const path = url.pathname;
        const answer = resolve(
          {
            method: "GET",
            path: `/${pin.pin}${path}`,
            query: [...url.searchParams],
            headers: { authorization: "Bearer snapverse-live-verify" },
          },
          { catalog: undefined, pin: (n) => store.pin(n) },
        );
        if (answer.kind !== "file" && answer.kind !== "list")
          problems.push(`${pin.pin}: ${keys[i]} links to ${url.href}, which is not served`);
      }
    }
  }
  return problems;
}
