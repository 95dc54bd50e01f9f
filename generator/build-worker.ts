/**
 * A build worker (pins/pool.ts forks one per core): builds the pins it is sent, one at a time, each into
 * `outDir/<pin>/` through the emitter's atomic swap, records what each was made from, and reports its
 * summary. It keeps the last pin's world for the next pin of the same generation. A composition root like
 * cli.ts: it loads the catalog and the provider registry itself.
 */
import { join } from "node:path";
import { PinBuilder } from "./build.js";
import { loadCatalog } from "./catalog/index.js";
import { registerMechanisms } from "./core/define-provider.js";
import { writeBuildStamp } from "./emit/build-stamp.js";
import { FolderSink } from "./emit/sink.js";
import { providers } from "./providers/index.js";
import type { ChildMessage, ChildSetup, ParentMessage } from "./pins/messages.js";

const setup = JSON.parse(process.argv[2] ?? "") as ChildSetup;
const send = (message: ChildMessage) => process.send!(message);

registerMechanisms(providers.values());
const catalog = loadCatalog(setup.catalogFile);
const builder = new PinBuilder({
  catalog,
  providers,
  templatesDir: setup.templatesDir,
  scale: setup.scale,
  onProgress: (event) => {
    if (event.kind === "world") send({ kind: "world", generation: event.generation });
  },
});

process.on("message", (message: ParentMessage) => {
  if (message.kind === "stop") return process.disconnect();
  const pin = catalog.pins.find((p) => p.name === message.pin);
  try {
    if (!pin) throw new Error(`pin '${message.pin}' is not in the catalog`);
    send({ kind: "started", pin: pin.name });
    const summary = builder.build(pin, new FolderSink(join(setup.outDir, pin.name)));
    writeBuildStamp(setup.outDir, summary, message.fingerprint);
    send({ kind: "built", summary });
  } catch (error) {
    send({ kind: "failed", pin: message.pin, message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
send({ kind: "ready" });
