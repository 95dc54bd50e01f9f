import { spawn } from "node:child_process";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import { buildCatalogSite, buildToDisk } from "../../generator/build.js";
import { loadCatalog } from "../../generator/catalog/index.js";
import { registerMechanisms } from "../../generator/core/define-provider.js";
import { computeHandlers, manifests, providers } from "../../generator/providers/index.js";
import { createSnapServer } from "../../generator/serve/server.js";
import { mcpHttpHandler } from "../../generator/serve/mcp.js";
import { runLiveJob } from "../../generator/live/job.js";
import { TEST_LIVE_NOW, liveOnlyProviders } from "../support/live-hosts.js";
import { claimScratch, removeInBackground } from "./scratch.js";

/** A pin's (or live host's) tree hash and route-family hashes. */
export type BuildHashes = Record<string, { treeHash: string; families: Record<string, string> }>;

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dist: string;
    /** The served build's hashes, and the twin build's (another process, zone, locale and origin). */
    builds: BuildHashes;
    twins: BuildHashes;
    /** What scripts/install-system-deps.sh said when it installed nginx and njs for test/nginx ("" when it succeeded). */
    nginxInstallFailure: string;
  }
}

/**
 * nginx and njs (Debian packages) for test/nginx, installed by the project's own script once, here,
 * beside the build: test files run side by side, and two apt-get runs at once would fight over its lock.
 */
function installNginx(): Promise<string> {
  const child = spawn("bash", ["scripts/install-system-deps.sh", "nginx", "njs"], { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (out += d.toString()));
  return new Promise((resolve) => {
    child.on("error", (error) => resolve(`install-system-deps.sh could not start: ${error.message}`));
    child.on("exit", (code) => {
      // Say what was installed (or found): the script's own summary lines, not apt-get's progress.
      const said = out.split("\n").filter((line) => line.startsWith("install-system-deps:"));
      if (said.length) process.stderr.write(`test setup: ${said.join("; ")}\n`);
      resolve(code === 0 ? "" : `install-system-deps.sh nginx njs exited with ${code}: ${out.slice(-2000)}`);
    });
  });
}

/** Starts the twin build (test/setup/twin-build.ts) in a child process in another zone and locale. */
function twinBuild(request: { pins: string[] | null; live: string[] }): { hashes: Promise<BuildHashes>; stop(): void } {
  // SNAPVERSE_MEMO=1: the providers' memo (WorldContext.once) keeps one value, so nearly every value is
  // made again where the served build reused it; equal hashes show that no memoized value depends on
  // when or how often it was made, which the bounded memo relies on.
  const env = { ...process.env, TZ: "Pacific/Kiritimati", LANG: "tr_TR.UTF-8", LC_ALL: "tr_TR.UTF-8", SNAPVERSE_MEMO: "1" };
  const child = spawn(process.execPath, ["--import", "tsx", "test/setup/twin-build.ts", JSON.stringify(request)], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on("data", (d: Buffer) => out.push(d));
  child.stderr.on("data", (d: Buffer) => err.push(d));
  const hashes = new Promise<BuildHashes>((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve(JSON.parse(Buffer.concat(out).toString("utf8")) as BuildHashes)
        : reject(new Error(`the twin build failed (${code}): ${Buffer.concat(err).toString("utf8").slice(-2000)}`)),
    );
  });
  return { hashes, stop: () => child.kill() };
}

/**
 * Builds every pin that has a generator once, into a temporary dist/, and serves it on a free port.
 * The origin baked into the files is this server's, as `npm start` does for its own port. Providers with
 * no pin are live hosts only: the live job builds them as of a fixed instant into the same dist/.
 * A setup that fails (a full disk, a broken generator) stops the twin, closes the server and removes
 * the tree before it says why, so a failed run leaves nothing behind.
 */
export default async function setup(project: TestProject) {
  // This process builds and serves: the providers' pagination mechanisms first (importing registers nothing).
  registerMechanisms(providers.values());
  const dist = claimScratch();
  // A keep-alive connection outlives any idle gap between a test's requests: fetch's pool closes idle
  // sockets before the server's timeout, but a test worker busy for seconds (a world build) can miss that
  // moment and reuse a socket the server just closed ("other side closed"), a race of the test client only.
  const server = createSnapServer({ dist, mcp: mcpHttpHandler(dist), compute: computeHandlers, limits: { keepAliveTimeoutMs: 120_000 } });
  const close = async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    removeInBackground(dist);
  };
  let twin: ReturnType<typeof twinBuild> | undefined;
  try {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const baseUrl = `http://127.0.0.1:${port}`;
    const catalog = loadCatalog("catalog.yaml");
    // SNAPVERSE_TEST_PINS=gl-v4,gl-v4-g5 builds only those pins, for working on one provider; CI builds all.
    const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
    // The list may name live prefixes too; an empty pin list would mean every pin, so none is built then.
    const onlyPins = only?.filter((name) => catalog.pins.some((p) => p.name === name));
    const options = {
      catalog,
      providers,
      templatesDir: "templates",
      origin: (pin: { name: string }) => `${baseUrl}/${pin.name}`,
      ...(onlyPins ? { pins: onlyPins } : {}),
    };
    const live = liveOnlyProviders(catalog, providers).filter((id) => !only || only.includes(id));
    // Nothing to build (SNAPVERSE_TEST_PINS=none): no twin either.
    const nothing = onlyPins?.length === 0 && live.length === 0;
    // The twin builds every live host (the lock's live section), not only the live-only ones served here.
    const twinLive = catalog.livePrefixes.filter((prefix) => providers.has(prefix) && (!only || only.includes(prefix))).sort();
    twin = nothing ? undefined : twinBuild({ pins: onlyPins ?? null, live: twinLive });
    // Settled here too, so a build that fails first leaves no unhandled rejection behind it.
    twin?.hashes.catch(() => undefined);
    const nginx = nothing ? Promise.resolve("") : installNginx();
    const builds: BuildHashes = {};
    if (!onlyPins || onlyPins.length > 0)
      for (const b of buildToDisk(options, dist)) builds[b.pin] = { treeHash: b.treeHash, families: b.families };
    buildCatalogSite({ ...options, manifests }, dist);
    if (live.length) {
      const job = runLiveJob({
        catalog,
        providers,
        templatesDir: "templates",
        dist,
        now: Date.parse(TEST_LIVE_NOW),
        prefixes: live,
        origin: (prefix) => `${baseUrl}/${prefix}`,
      });
      if (job.kind === "switched") for (const b of job.pins) builds[b.pin] = { treeHash: b.treeHash, families: b.families };
    }
    project.provide("baseUrl", baseUrl);
    project.provide("dist", dist);
    project.provide("builds", builds);
    project.provide("twins", twin ? await twin.hashes : {});
    project.provide("nginxInstallFailure", await nginx);
  } catch (error) {
    twin?.stop();
    await close();
    throw error;
  }
  return close;
}
