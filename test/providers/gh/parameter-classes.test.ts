import { createRequire } from "node:module";
import { ghParams } from "../../../generator/providers/gh/params.js";
import { ghLists } from "../../../generator/providers/gh/queries.js";
import { describeParameterClasses, lockedFamilies, servedOperations, type Description } from "../../conformance/parameter-classes.js";

/** api.github.com's GET operations (@octokit/openapi) under the route families the gh pins serve. */
const require = createRequire(import.meta.url);
describeParameterClasses("gh", {
  ops: () =>
    servedOperations(require("@octokit/openapi/generated/api.github.com.json") as Description, {
      families: lockedFamilies("gh-2026-03", "gh-2026-03-g5"),
    }),
  classes: ghParams,
  lists: ghLists,
  gaps: 6,
});
