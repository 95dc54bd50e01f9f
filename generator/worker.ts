/**
 * The edge Worker's entry, a composition root like cli.ts: the resolver at the edge (edge/worker.ts)
 * with every provider's compute handlers. `snapverse build` bundles it into dist/_edge/worker.js.
 */
import { edgeWorker } from "./edge/worker.js";
import { computeHandlers } from "./providers/index.js";

export default edgeWorker(computeHandlers);
