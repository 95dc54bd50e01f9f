/**
 * The twin build: every pin the test run serves, and every live host, built again in a child process
 * under another time zone, locale and public origin, keeping only the hashes. The conformance suite
 * compares them with the served build's: equal tree hashes mean the same bytes, so this one build per
 * pin checks determinism across processes, zones, locales and origins at once. The live hosts that have
 * pins too are served by no test build: their hashes here are what test/lock.test.ts holds to the
 * lock's live section. The test setup runs it beside its own build, on the other core.
 *
 * Usage: node --import tsx test/setup/twin-build.ts '<{"pins": [...] | null, "live": [...]}>'
 */
import { buildPins } from "../../generator/build.js";
import { registerMechanisms } from "../../generator/core/define-provider.js";
import { loadCatalog } from "../../generator/catalog/index.js";
import type { PinSummary } from "../../generator/emit/emit.js";
import { discardSink as discard } from "../../generator/emit/sink.js";
import { buildLiveHosts } from "../../generator/live/hosts.js";
import { providers } from "../../generator/providers/index.js";
import { TEST_LIVE_NOW } from "../support/live-hosts.js";

const ELSEWHERE = "http://other.example";

const request = JSON.parse(process.argv[2] ?? "{}") as { pins: string[] | null; live: string[] };
const catalog = loadCatalog("catalog.yaml");
registerMechanisms(providers.values());
const hashes: Record<string, { treeHash: string; families: Record<string, string> }> = {};
const keep = (b: PinSummary) => (hashes[b.pin] = { treeHash: b.treeHash, families: b.families });
if (request.pins === null || request.pins.length > 0) {
  for (const b of buildPins(
    {
      catalog,
      providers,
      templatesDir: "templates",
      origin: (pin) => `${ELSEWHERE}/${pin.name}`,
      ...(request.pins ? { pins: request.pins } : {}),
    },
    () => discard,
  ))
    keep(b);
}
// Every live host the request names, from one live world, as the live job builds them at TEST_LIVE_NOW.
if (request.live.length) {
  const live = buildLiveHosts({
    catalog,
    providers,
    templatesDir: "templates",
    now: Date.parse(TEST_LIVE_NOW),
    prefixes: request.live,
    sinkFor: () => discard,
    origin: (prefix) => `${ELSEWHERE}/${prefix}`,
  });
  for (const b of live) keep(b);
}
process.stdout.write(JSON.stringify(hashes));
