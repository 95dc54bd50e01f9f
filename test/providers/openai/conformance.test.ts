import { afterIdPagination, conformance } from "../../conformance/suite.js";
import { OpenAiSpec } from "./openapi.js";

const spec = new OpenAiSpec();

/**
 * OpenAI's bodies and headers carry no URLs at all (no self links, no Link header), so the link check
 * finds nothing to check; `minLinks: 0` says so.
 */
conformance("openai", {
  minLinks: 0,
  pagination: afterIdPagination({ pageParam: "after", isPage: (b) => b.object === "list" }),
  validate: (_pin, path, body) => spec.validate(path, body),
});
