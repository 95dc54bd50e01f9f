import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { listProfiles } from "../../../generator/providers/statuspage/lists.js";
import { statuspageParams } from "../../../generator/providers/statuspage/params.js";
import { uptimeRoutes } from "../../../generator/providers/statuspage/uptime.js";
import { type Description, describeParameterClasses, liveFamilies, servedOperations } from "../../conformance/parameter-classes.js";
import { liveHostSelected } from "../../support/live-hosts.js";

/**
 * Statuspage's published description (the manage API under `/v1`) against what the live host serves: an
 * operation is served when a route family of the lock's live `statuspage` host matches its template, or
 * the uptime route answers it. Needs the live host (SNAPVERSE_TEST_PINS=statuspage).
 */
const skip = !liveHostSelected("statuspage");
const spec = () => JSON.parse(readFileSync(join(import.meta.dirname, "spec", "statuspage-openapi3.json"), "utf8")) as Description;
const ops = () => servedOperations(spec(), { families: liveFamilies("statuspage"), computed: uptimeRoutes, prefix: "v1" });

describeParameterClasses("statuspage", {
  ops,
  classes: statuspageParams,
  lists: listProfiles("https://statuspage.example"),
  prefix: "v1/",
  gaps: 0,
  skip,
});

describe.skipIf(skip)("statuspage operations left unserved", () => {
  it("answers each with Statuspage's 404, as the README says", async () => {
    const headers = { Authorization: "OAuth params" };
    const api = `${inject("baseUrl")}/statuspage/v1`;
    const pages = (await (await fetch(`${api}/pages`, { headers })).json()) as Array<{ id: string }>;
    const incidents = (await (await fetch(`${api}/pages/${pages[0]!.id}/incidents`, { headers })).json()) as Array<{ id: string }>;
    const ids: Record<string, string> = { page_id: pages[0]!.id, incident_id: incidents[0]!.id, subscriber_id: "snapverse" };
    for (const template of statuspageParams.unserved) {
      const path = template.replace(/\{(\w+)\}/g, (_, name: string) => ids[name]!);
      const r = await fetch(`${api}${path}`, { headers });
      expect(r.status, template).toBe(404);
      expect(await r.text()).toBe('{"message":"The requested resource could not be found."}');
    }
  });
});
