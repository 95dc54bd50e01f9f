import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, inject, it } from "vitest";
import { jiraPagination } from "../../../generator/providers/jira/lists.js";
import { jiraParams, jiraRefusals, pathOf } from "../../../generator/providers/jira/params.js";
import { jiraLists } from "../../../generator/providers/jira/profiles.js";
import { describeParameterClasses, servedOperations, type Description } from "../../conformance/parameter-classes.js";
import { DistClient } from "../../conformance/walk.js";

/**
 * Jira Cloud's published v3 and Agile descriptions (spec/README.md) against what the jira pins serve: an
 * operation is served when a built route key of either pin, or a computed GET route, matches its template.
 * Needs the jira pins built (SNAPVERSE_TEST_PINS=jira-v3,jira-v3-g5).
 */
const PINS = ["jira-v3", "jira-v3-g5"];
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const skip = only !== undefined && !PINS.every((p) => only.includes(p));
const SPECS = ["platform.v3", "software.v3"];

let client: DistClient | undefined;
const dist = () => (client ??= new DistClient(inject("dist"), inject("baseUrl")));

/** Every served key path (no query) of both pins, and the computed GET routes' path regexes. */
function served(): (key: string) => boolean {
  const keys = new Set<string>();
  const computed: RegExp[] = [];
  for (const pin of PINS) {
    const data = dist().pin(pin);
    for (const key of data.routes.keys()) keys.add(key.split("?")[0]!);
    for (const c of data.serving.computed ?? []) if (c.method === "GET") computed.push(new RegExp(c.path));
  }
  const all = [...keys];
  return (key) => {
    const re = new RegExp(pathOf(`/${key}`));
    return all.some((k) => re.test(k)) || computed.some((c) => c.test(key.replace(/\{[^}]+\}/g, "x")));
  };
}

function ops() {
  const isServed = served();
  return SPECS.flatMap((name) => {
    const spec = JSON.parse(gunzipSync(readFileSync(`test/providers/jira/spec/${name}.json.gz`)).toString("utf8")) as Description;
    return servedOperations(spec, { served: isServed });
  });
}

// Lists page with the pin's pagination (startAt/maxResults), for the check's list-parameter rule.
const lists = jiraLists(jiraPagination("https://jira.example")).map((l) => ({ paging: jiraPagination("https://jira.example"), ...l }));

describeParameterClasses("jira", { ops, classes: jiraParams, lists, refusals: jiraRefusals(), gaps: 5, skip });

describe.skipIf(skip)("jira parameters as served", () => {
  const pin = "jira-v3-g5";
  const get = (path: string) => dist().get(`${inject("baseUrl")}/${pin}/${path}`);
  /** A served key of the g5 pin under a template that answers 200 (no query), or a computed route's path, for a request that adds one parameter. */
  const keyFor = (template: string): string | undefined => {
    const re = new RegExp(pathOf(template));
    const routes = dist().pin(pin).routes;
    const file = [...routes.keys()].find((k) => re.test(k.split("?")[0]!) && routes.get(k)?.status === 200)?.split("?")[0];
    // A computed route's path (worklog/updated) has no file: its template, when it names no placeholder.
    const computed = (dist().pin(pin).serving.computed ?? []).some((c) => c.method === "GET" && new RegExp(c.path).test(template.slice(1)));
    return file ?? (computed && !template.includes("{") ? template.slice(1) : undefined);
  };

  it("refuses every refused parameter with Jira's 400 naming it", () => {
    const failures: string[] = [];
    let checked = 0;
    for (const key of Object.keys(jiraParams.refused)) {
      const at = key.lastIndexOf(" ");
      const param = key.slice(at + 1);
      const path = keyFor(key.slice(0, at));
      if (!path) {
        failures.push(`${key}: no served path`);
        continue;
      }
      checked++;
      for (const p of [path, path.replace(/^rest\/api\/3\//, "rest/api/2/")]) {
        const r = get(`${p}?${param}=snapverse-refused`);
        const body = JSON.parse(r.text) as { errorMessages?: string[]; errors?: object };
        if (r.status !== 400 || !body.errors || !body.errorMessages?.[0]?.includes(`'${param}'`))
          failures.push(`${key} (${p}): ${r.status} ${r.text.slice(0, 160)}`);
      }
    }
    expect(failures.join("\n")).toBe("");
    expect(checked).toBe(Object.keys(jiraParams.refused).length);
  });

  it("answers a refused parameter's allowed value as if it were absent", () => {
    const project = keyFor("/rest/api/3/project/{projectIdOrKey}")!;
    expect(get(`${project}?expand=description,lead`).text).toBe(get(project).text);
    expect(get(`${project}?expand=projectKeys`).status).toBe(400);
    const comments = keyFor("/rest/api/3/issue/{issueIdOrKey}/comment")!;
    expect(get(`${comments}?orderBy=created`).text).toBe(get(comments).text);
    expect(get(`${comments}?orderBy=-created`).status).toBe(400);
  });

  it("answers the removed user keys as Jira Cloud does: GDPR strict mode", () => {
    const user = keyFor("/rest/api/3/user")!;
    const r = get(`${user}?username=admin`);
    expect(r.status).toBe(400);
    expect(r.text).toBe('{"errorMessages":["The query parameter \'username\' is not supported in GDPR strict mode."],"errors":{}}');
  });
});
