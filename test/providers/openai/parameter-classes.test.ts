import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { inferenceRoutes } from "../../../generator/providers/openai/completions.js";
import { openaiParams } from "../../../generator/providers/openai/params.js";
import { listProfiles } from "../../../generator/providers/openai/profiles.js";
import { usageRoutes } from "../../../generator/providers/openai/usage.js";
import { describeParameterClasses, lockedFamilies, servedOperations, type Description } from "../../conformance/parameter-classes.js";
import { specsDir } from "../../support/specs.js";

/** The OpenAI description's GET operations under the pin's route families and computed routes (usage, costs). */
describeParameterClasses("openai", {
  ops: () =>
    servedOperations(parse(readFileSync(`${specsDir("openai")}/openapi.yaml`, "utf8")) as Description, {
      families: lockedFamilies("openai-2020-10"),
      computed: [...usageRoutes, ...inferenceRoutes],
      prefix: "v1",
    }),
  classes: openaiParams,
  lists: listProfiles("https://openai.example"),
  prefix: "v1/",
  gaps: 1,
});
