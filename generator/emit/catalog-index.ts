import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Catalog } from "../catalog/types.js";
import type { ErrorDoc } from "../core/provider.js";
import { CATALOG_FILE, type CatalogIndex } from "../format/dist.js";

/** dist/_catalog.json: what the server knows of the catalog, since serving reads dist/ and nothing else. */
export function writeCatalogIndex(
  catalog: Catalog,
  dist: string,
  extra: { generators: string[]; unavailable?: Record<string, ErrorDoc>; names?: Record<string, string>; origin?: string } = {
    generators: [],
  },
): void {
  mkdirSync(dist, { recursive: true });
  const index: CatalogIndex = {
    serviceDomain: catalog.serviceDomain,
    livePrefixes: catalog.livePrefixes,
    pins: catalog.pins.map((p) => ({
      name: p.name,
      provider: p.provider,
      generation: p.generation,
      apiVersion: p.apiVersion,
      files: p.files,
    })),
    // Which prefixes have a generator, and each provider's own 503 body for when a host is not available.
    generators: [...extra.generators].sort(),
    unavailable: extra.unavailable ?? {},
    names: extra.names ?? {},
    ...(extra.origin ? { origin: extra.origin } : {}),
  };
  const tmp = join(dist, `.${CATALOG_FILE}.tmp`);
  writeFileSync(tmp, `${JSON.stringify(index, null, 2)}\n`);
  renameSync(tmp, join(dist, CATALOG_FILE));
}
