/**
 * The edge Worker's entry, a composition root like cli.ts: the resolver at the edge (edge/worker.ts)
 * with every provider's compute handlers and pagination mechanisms. `snapverse build` bundles it into
 * dist/_edge/worker.js.
 */
import { registerMechanisms } from "./core/define-provider.js";
import { edgeWorker } from "./edge/worker.js";
import { computeHandlers, providers } from "./providers/index.js";

registerMechanisms(providers.values());

export default edgeWorker(computeHandlers);
