import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, inject, it } from "vitest";
import { listProfiles } from "../../../generator/providers/zendesk/lists.js";
import { zendeskParams, zendeskRefusals } from "../../../generator/providers/zendesk/params.js";
import { searchRoutes } from "../../../generator/providers/zendesk/search.js";
import { checkRefusals, describeParameterClasses, servedOperations, type Description } from "../../conformance/parameter-classes.js";
import { DistClient } from "../../conformance/walk.js";
import { liveHostSelected } from "../../support/live-hosts.js";

/**
 * Zendesk's published Support API description (spec/README.md) against what the live host serves: an
 * operation is served when a built route key (`.json`), or a computed route (search), matches its
 * template. Then the refusals as served. Needs the host built (SNAPVERSE_TEST_PINS=zendesk).
 */
const skip = !liveHostSelected("zendesk");
let client: DistClient | undefined;
const dist = () => (client ??= new DistClient(inject("dist"), inject("baseUrl")));

/** A description template as a regex over served keys: placeholders an id (every id is numeric), `.json` at the end. */
const keyPattern = (template: string) => new RegExp(`^${template.slice(1).replace(/\{[^}]+\}/g, "\\d+")}\\.json$`);

function ops() {
  const keys = [...new Set([...dist().pin("zendesk").routes.keys()].map((k) => k.split("?")[0]!))];
  const spec = JSON.parse(
    gunzipSync(readFileSync("test/providers/zendesk/spec/zendesk-support-oas.json.gz")).toString("utf8"),
  ) as Description;
  const out = servedOperations(spec, {
    served: (key) => {
      const re = keyPattern(`/${key}`);
      return keys.some((k) => re.test(k)) || searchRoutes.some((r) => new RegExp(r.path).test(`${key}.json`));
    },
  });
  return out;
}

describeParameterClasses("zendesk", {
  ops,
  classes: zendeskParams,
  lists: listProfiles("https://zendesk.example"),
  suffix: ".json",
  refusals: zendeskRefusals(),
  gaps: 3,
  skip,
});

describe.skipIf(skip)("zendesk parameters as served", () => {
  const auth = { authorization: "Bearer any" };
  const get = async (path: string) => {
    const res = await fetch(`${inject("baseUrl")}/zendesk/${path}`, { headers: auth });
    return { status: res.status, text: await res.text() };
  };
  /** A served key under a template that answers 200, for a request that adds one parameter. */
  const keyFor = (template: string): string | undefined => {
    const re = keyPattern(template);
    const routes = dist().pin("zendesk").routes;
    const file = [...routes.keys()].find((k) => re.test(k.split("?")[0]!) && routes.get(k)?.status === 200)?.split("?")[0];
    // Search is computed: its path has no file.
    const computed = `${template.slice(1)}.json`;
    return file ?? (searchRoutes.some((r) => new RegExp(r.path).test(computed)) ? computed : undefined);
  };

  it("refuses every refused parameter with Zendesk's 400 naming it", async () => {
    const { checked, failures } = await checkRefusals(
      zendeskParams,
      (template, param) => {
        const key = keyFor(template);
        return key ? get(`${key}?${encodeURIComponent(param)}=snapverse-refused`) : undefined;
      },
      (r, param) => {
        const body = JSON.parse(r.text) as { error?: string; description?: string };
        return r.status === 400 && body.error === "InvalidValue" && (body.description ?? "").startsWith(`The parameter ${param} `);
      },
    );
    expect(failures.join("\n")).toBe("");
    expect(checked).toBe(Object.keys(zendeskParams.refused).length);
  });

  it("answers an allowed value as if it were absent, on a path with or without .json", async () => {
    const events = "api/v2/incremental/ticket_events.json?start_time=0";
    expect((await get(`${events}&include=comment_events`)).text).toBe((await get(events)).text);
    expect((await get(`${events}&include=users`)).status).toBe(400);
    expect((await get("api/v2/tickets?sort_by=updated_at")).status).toBe(400);
    expect((await get("api/v2/tickets/count?include=users")).status).toBe(200);
  });
});
