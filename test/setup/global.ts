import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import { buildCatalogSite, buildToDisk } from "../../generator/build.js";
import { loadCatalog } from "../../generator/catalog/index.js";
import { computeHandlers, manifests, providers } from "../../generator/providers/index.js";
import { createSnapServer } from "../../generator/serve/server.js";
import { mcpHttpHandler } from "../../generator/serve/mcp.js";
import { runLiveJob } from "../../generator/live/job.js";
import { TEST_LIVE_NOW, liveOnlyProviders } from "../support/live-hosts.js";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dist: string;
  }
}

/**
 * Builds every pin that has a generator once, into a temporary dist/, and serves it on a free port.
 * The origin baked into the files is this server's, as `npm start` does for its own port. Providers with
 * no pin are live hosts only: the live job builds them as of a fixed instant into the same dist/.
 */
export default async function setup(project: TestProject) {
  const dist = mkdtempSync(join(tmpdir(), "snapverse-test-"));
  const server = createSnapServer({ dist, mcp: mcpHttpHandler(dist), compute: computeHandlers });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const catalog = loadCatalog("catalog.yaml");
  // SNAPVERSE_TEST_PINS=gl-v4,gl-v4-g5 builds only those pins, for working on one provider; CI builds all.
  const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
  // The list may name live prefixes too; an empty pin list would mean every pin, so none is built then.
  const onlyPins = only?.filter((name) => catalog.pins.some((p) => p.name === name));
  const options = { catalog, providers, templatesDir: "templates", origin: (pin: { name: string }) => `${baseUrl}/${pin.name}`, ...(onlyPins ? { pins: onlyPins } : {}) };
  if (!onlyPins || onlyPins.length > 0) buildToDisk(options, dist);
  buildCatalogSite({ ...options, manifests }, dist);
  const live = liveOnlyProviders(catalog, providers).filter((id) => !only || only.includes(id));
  if (live.length) runLiveJob({ catalog, providers, templatesDir: "templates", dist, now: Date.parse(TEST_LIVE_NOW), prefixes: live, origin: (prefix) => `${baseUrl}/${prefix}` });
  project.provide("baseUrl", baseUrl);
  project.provide("dist", dist);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    rmSync(dist, { recursive: true, force: true });
  };
}
