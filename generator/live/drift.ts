import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { META_DIR, ROUTES_FILE } from "../format/dist.js";

/**
 * What changed on each live host since the build before: entities (single resources, not list pages)
 * that are new, whose bytes changed, or that are gone. Continuity means `removed` stays empty.
 */
export interface DriftReport {
  build: string;
  previous: string | null;
  as_of: string;
  providers: Record<
    string,
    { new: number; changed: number; removed: number; entities: { new: string[]; changed: string[]; removed: string[] } }
  >;
}

type Routes = Record<string, { etag: string; list?: unknown }>;

function entityRoutes(dir: string): Map<string, string> | undefined {
  const file = join(dir, META_DIR, ROUTES_FILE);
  if (!existsSync(file)) return undefined;
  const routes = JSON.parse(readFileSync(file, "utf8")) as Routes;
  return new Map(
    Object.entries(routes)
      .filter(([, r]) => !r.list)
      .map(([k, r]) => [k, r.etag]),
  );
}

export function driftReport(
  build: { name: string; dir: string; asOf: string },
  previous: { name: string; dir: string } | undefined,
  prefixes: string[],
): DriftReport {
  const providers: DriftReport["providers"] = {};
  for (const prefix of prefixes) {
    const now = entityRoutes(join(build.dir, prefix)) ?? new Map<string, string>();
    const before = previous ? entityRoutes(join(previous.dir, prefix)) : undefined;
    const added: string[] = [];
    const changed: string[] = [];
    const removed: string[] = [];
    for (const [key, etag] of now) {
      const was = before?.get(key);
      if (was === undefined) added.push(key);
      else if (was !== etag) changed.push(key);
    }
    for (const key of before?.keys() ?? []) if (!now.has(key)) removed.push(key);
    providers[prefix] = {
      new: added.length,
      changed: changed.length,
      removed: removed.length,
      entities: { new: added.sort(), changed: changed.sort(), removed: removed.sort() },
    };
  }
  return { build: build.name, previous: previous?.name ?? null, as_of: build.asOf, providers };
}
