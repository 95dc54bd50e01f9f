import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Catalog } from "../catalog/types.js";

/** dist/_catalog.json: what the server knows of the catalog, since serving reads dist/ and nothing else. */
export function writeCatalogIndex(catalog: Catalog, dist: string): void {
  mkdirSync(dist, { recursive: true });
  const index = {
    serviceDomain: catalog.serviceDomain,
    livePrefixes: catalog.livePrefixes,
    pins: catalog.pins.map((p) => ({ name: p.name, provider: p.provider, generation: p.generation, apiVersion: p.apiVersion, files: p.files })),
  };
  const tmp = join(dist, "._catalog.json.tmp");
  writeFileSync(tmp, `${JSON.stringify(index, null, 2)}\n`);
  renameSync(tmp, join(dist, "_catalog.json"));
}
