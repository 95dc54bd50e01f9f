import { readdirSync, readFileSync } from "node:fs";
import { hubspotParams } from "../../../generator/providers/hubspot/params.js";
import { listProfiles } from "../../../generator/providers/hubspot/lists.js";
import { describeParameterClasses, lockedFamilies, servedOperations, type Description } from "../../conformance/parameter-classes.js";
import { specsDir } from "../../support/specs.js";

/** HubSpot's published descriptions (one per API), their GET operations under the pin's route families. */
describeParameterClasses("hubspot", {
  ops: () => {
    const dir = specsDir("hubspot");
    const families = lockedFamilies("hubspot-v3");
    return readdirSync(dir)
      .sort()
      .flatMap((file) => servedOperations(JSON.parse(readFileSync(`${dir}/${file}`, "utf8")) as Description, { families }));
  },
  classes: hubspotParams,
  lists: listProfiles("https://hubspot.example"),
  gaps: 30,
});
