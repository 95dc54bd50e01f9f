/**
 * Every test worker is a composition root of its own (tests build, page and serve in memory): it
 * registers the pagination mechanisms providers contribute, as cli.ts and worker.ts do. Importing the
 * registry registers nothing.
 */
import { registerMechanisms } from "../../generator/core/define-provider.js";
import { providers } from "../../generator/providers/index.js";

registerMechanisms(providers.values());
