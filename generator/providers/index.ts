import type { ComputeHandler, Provider } from "../core/provider.js";
import { azureDevOps } from "./ado/index.js";
import { bitbucket } from "./bb/index.js";
import { github } from "./gh/index.js";
import { gitlab } from "./gl/index.js";
import { jira } from "./jira/index.js";
import { linear } from "./linear/index.js";
import { hubspot } from "./hubspot/index.js";
import { openai } from "./openai/index.js";
import { devin } from "./devin/index.js";

/**
 * Every provider with a generator, by live prefix. The CLI hands this registry to the build; core code
 * never imports it. Adding a provider: a folder beside gh/, a line here, a conformance test.
 */
export const providers: ReadonlyMap<string, Provider> = new Map([github, gitlab, bitbucket, azureDevOps, jira, linear, hubspot, openai, devin].map((p) => [p.id, p]));

export { unavailable } from "./unavailable.js";

/** Every provider's computed-route handlers, by `<prefix>/<handler>`, for the server. */
export const computeHandlers: ReadonlyMap<string, ComputeHandler> = new Map(
  [...providers.values()].flatMap((p) => Object.entries(p.handlers ?? {}).map(([name, run]) => [`${p.id}/${name}`, run] as const)),
);
