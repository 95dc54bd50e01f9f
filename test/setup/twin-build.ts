/**
 * The twin build: every pin (and live-only host) the test run serves, built again in a child process
 * under another time zone, locale and public origin, keeping only the hashes. The conformance suite
 * compares them with the served build's: equal tree hashes mean the same bytes, so this one build per
 * pin checks determinism across processes, zones, locales and origins at once. The test setup runs it
 * beside its own build, on the other core.
 *
 * Usage: node --import tsx test/setup/twin-build.ts '<{"pins": [...] | null, "live": [...]}>'
 */
import { buildPins } from "../../generator/build.js";
import { loadCatalog } from "../../generator/catalog/index.js";
import type { PinSummary } from "../../generator/emit/emit.js";
import type { Sink } from "../../generator/emit/sink.js";
import { providers } from "../../generator/providers/index.js";
import { buildLiveHost } from "../support/live-hosts.js";

/** Keeps nothing: the emitter hashes every byte before it reaches a sink. */
const discard: Sink = {
  write() {},
  writeChunks(_file, chunks) {
    for (const _chunk of chunks);
  },
  commit() {},
  abort() {},
};
const ELSEWHERE = "http://other.example";

const request = JSON.parse(process.argv[2] ?? "{}") as { pins: string[] | null; live: string[] };
const catalog = loadCatalog("catalog.yaml");
const hashes: Record<string, { treeHash: string; families: Record<string, string> }> = {};
const keep = (b: PinSummary) => (hashes[b.pin] = { treeHash: b.treeHash, families: b.families });
if (request.pins === null || request.pins.length > 0) {
  for (const b of buildPins({ catalog, providers, templatesDir: "templates", origin: (pin) => `${ELSEWHERE}/${pin.name}`, ...(request.pins ? { pins: request.pins } : {}) }, () => discard)) keep(b);
}
for (const prefix of request.live) keep(buildLiveHost(catalog, providers, prefix, discard, `${ELSEWHERE}/${prefix}`));
process.stdout.write(JSON.stringify(hashes));
