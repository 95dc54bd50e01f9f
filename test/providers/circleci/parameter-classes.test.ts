import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, inject, it } from "vitest";
import { listProfiles } from "../../../generator/providers/circleci/lists.js";
import { circleciParams, circleciRefusals, pathOf } from "../../../generator/providers/circleci/params.js";
import {
  describeParameterClasses,
  refusalFailures,
  servedPathMatching,
  servedOperations,
  type Description,
} from "../../conformance/parameter-classes.js";
import { DistClient } from "../../conformance/walk.js";

/**
 * CircleCI's published v2 description (spec/README.md) against what the live host serves: an operation
 * is served when a built route key matches its template under `api/v2/` (a project slug is three
 * segments, an organization slug two). Needs the live host built (SNAPVERSE_TEST_PINS=circleci).
 */
const HOST = "circleci";
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const skip = only !== undefined && !only.includes(HOST);

let client: DistClient | undefined;
// CircleCI takes its token in `Circle-Token` (any token passes), not as a bearer.
const dist = () => (client ??= new DistClient(inject("dist"), inject("baseUrl"), { "circle-token": "snapverse-parameters" }));

function ops() {
  const keys = [...dist().pin(HOST).routes.keys()].map((k) => k.split("?")[0]!);
  const spec = JSON.parse(gunzipSync(readFileSync("test/providers/circleci/spec/openapi.json.gz")).toString("utf8")) as Description;
  return servedOperations(spec, {
    prefix: "api/v2",
    served: (key) => {
      const re = new RegExp(pathOf(`/${key.slice("api/v2/".length)}`));
      return keys.some((k) => re.test(k));
    },
  });
}

describeParameterClasses("circleci", {
  ops,
  classes: circleciParams,
  lists: listProfiles("https://circleci.example", "someone"),
  prefix: "api/v2/",
  refusals: circleciRefusals(),
  gaps: 0,
  skip,
});

describe.skipIf(skip)("circleci parameters as served", () => {
  const get = (path: string) => dist().get(`${inject("baseUrl")}/${HOST}/${path}`);
  /** A served key under a template that answers 200, for a request that adds one parameter. */
  const pathFor = (template: string): string | undefined => servedPathMatching(dist().pin(HOST).routes, pathOf(template));

  it("refuses every refused parameter with CircleCI's 400 {message} naming it", async () => {
    const refused = Object.keys(circleciParams.refused);
    const { failures, checked } = await refusalFailures(refused, {
      pathFor,
      get,
      isRefusal: (r, param) => {
        const body = JSON.parse(r.text) as Record<string, unknown>;
        return r.status === 400 && Object.keys(body).join() === "message" && String(body.message).includes(`'${param}'`);
      },
    });
    expect(failures.join("\n")).toBe("");
    expect(checked).toBe(refused.length);
  });

  it("refuses only where the rule's template is: the same parameter elsewhere is answered", () => {
    const summary = pathFor("/insights/pages/{project-slug}/summary")!;
    const workflows = summary.replace("/pages/", "/").replace(/\/summary$/, "/workflows");
    expect(get(`${workflows}?branches=main`).status).toBe(200);
    expect(get(`${workflows}?branches=main`).text).toBe(get(workflows).text);
    expect(get(`${summary}?branches=main`).status).toBe(400);
  });
});
