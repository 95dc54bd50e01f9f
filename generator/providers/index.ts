import type { Provider } from "../core/provider.js";
import { github } from "./gh/index.js";

/**
 * Every provider with a generator, by live prefix. The CLI hands this registry to the build; core code
 * never imports it. Adding a provider: a folder beside gh/, a line here, a conformance test.
 */
export const providers: ReadonlyMap<string, Provider> = new Map([[github.id, github]]);
