import { readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { adoPagination } from "../../../generator/providers/ado/lists.js";
import { adoParams, adoRefusals, pathOf } from "../../../generator/providers/ado/params.js";
import { adoLists } from "../../../generator/providers/ado/profiles.js";
import { describeParameterClasses, servedOperations, type Description } from "../../conformance/parameter-classes.js";
import { DistClient } from "../../conformance/walk.js";
import { specsDir } from "../../support/specs.js";

/**
 * Azure DevOps' REST 7.1 descriptions (Swagger 2, with x-ms-paths) against what the ado pins serve: an
 * operation is served when a built route key, or a computed route (items, work items by ids), matches its
 * template with the `{project}`/`{team}` segments optional, without regard to case (as the service routes).
 * Needs the ado pins built (SNAPVERSE_TEST_PINS=ado-7-1,ado-7-1-g5).
 */
const PINS = ["ado-7-1", "ado-7-1-g5"];
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const skip = only !== undefined && !PINS.every((p) => only.includes(p));
const SPECS = ["build", "core", "git", "graph", "pipelines", "work", "workItemTracking"];
const COMPUTED_KEYS = ["org/_apis/git/repositories/repo/items", "org/_apis/wit/workItems"];

let client: DistClient | undefined;
const dist = () => (client ??= new DistClient(inject("dist"), inject("baseUrl")));

/** Every served key path (no query) of both pins. */
function servedKeys(): string[] {
  const keys = new Set(COMPUTED_KEYS);
  for (const pin of PINS) for (const key of dist().pin(pin).routes.keys()) keys.add(key.split("?")[0]!);
  return [...keys];
}

function ops() {
  const keys = servedKeys();
  return SPECS.flatMap((name) => {
    const spec = JSON.parse(readFileSync(`${specsDir("ado-7.1")}/${name}.json`, "utf8").replace(/^\uFEFF/, "")) as Description;
    return servedOperations(spec, {
      served: (key) => {
        const re = new RegExp(pathOf(`/${key}`), "i");
        return keys.some((k) => re.test(k));
      },
    });
  });
}

// Lists that page with the pin's pagination ($top/$skip) say so, for the check's list-parameter rule.
const lists = adoLists("https://ado.example").map((l) => ({ paging: adoPagination("https://ado.example"), ...l }));
const refusals = adoRefusals();

describeParameterClasses("ado", { ops, classes: adoParams, lists, refusals, gaps: 1, skip });

describe.skipIf(skip)("ado parameters as served", () => {
  const pin = "ado-7-1-g5";
  const get = (path: string) => dist().get(`${inject("baseUrl")}/${pin}/${path}`);
  /** A served key of the g5 pin under a template (no query), for a request that adds one parameter. */
  const keyFor = (template: string): string | undefined => {
    const re = new RegExp(pathOf(template), "i");
    const keys = [...dist().pin(pin).routes.keys()].map((k) => k.split("?")[0]!);
    return keys.find((k) => re.test(k) && dist().pin(pin).routes.get(k)?.status === 200) ?? COMPUTED_KEYS.find((k) => re.test(k));
  };

  it("refuses every refused parameter with Azure DevOps' 400 naming it, where the template is served", () => {
    const failures: string[] = [];
    let checked = 0;
    for (const key of Object.keys(adoParams.refused)) {
      const at = key.lastIndexOf(" ");
      const param = key.slice(at + 1);
      const path = keyFor(key.slice(0, at));
      if (!path) continue;
      const served = path.startsWith("org/") ? path.replace(/^org/, "lumenharbor") : path;
      const r = get(`${served}?${encodeURIComponent(param)}=snapverse-refused`);
      checked++;
      const body = JSON.parse(r.text) as { message?: string; typeKey?: string };
      if (r.status !== 400 || body.typeKey !== "VssServiceException" || !body.message?.includes(`'${param}'`))
        failures.push(`${key}: ${r.status} ${r.text.slice(0, 160)}`);
    }
    expect(failures.join("\n")).toBe("");
    expect(checked).toBeGreaterThan(50);
  });

  it("answers a refused parameter's allowed value as if it were absent", () => {
    const path = keyFor("/{organization}/{project}/_apis/git/repositories")!;
    expect(get(`${path}?includeLinks=false`).text).toBe(get(path).text);
    expect(get(`${path}?includeLinks=true`).status).toBe(400);
  });

  it("checks api-version as the service does: malformed and out-of-range versions are 400s, any accepted one the same answer", () => {
    const path = keyFor("/{organization}/_apis/projects")!;
    const plain = get(path).text;
    for (const v of ["7.1", "7.1-preview.1", "6.0", "7.2-preview"]) expect(get(`${path}?api-version=${v}`).text, v).toBe(plain);
    const bad = get(`${path}?api-version=seven`);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text)).toMatchObject({ typeKey: "VssInvalidApiResourceVersionException" });
    const high = get(`${path}?api-version=8.0`);
    expect(high.status).toBe(400);
    expect((JSON.parse(high.text) as { message: string }).message).toBe(
      "The requested REST API version of 8.0 is out of range for this server. The latest REST API version this server supports is 7.2.",
    );
  });

  it("computes the filters added for issue 37: each changes the answer, and selects what it names", () => {
    const builds = keyFor("/{organization}/{project}/_apis/build/builds")!;
    type Page = { count: number; value: Array<Record<string, unknown>> };
    const all = JSON.parse(get(`${builds}?$top=5000`).text) as Page;
    const first = all.value[0] as { buildNumber: string; requestedFor: { uniqueName: string }; queue: { id: number } };
    const byNumber = JSON.parse(get(`${builds}?buildNumber=${first.buildNumber}`).text) as Page;
    expect(byNumber.count).toBeGreaterThan(0);
    expect(byNumber.count).toBeLessThan(all.count);
    expect(byNumber.value.every((b) => b.buildNumber === first.buildNumber)).toBe(true);
    const byRequester = JSON.parse(get(`${builds}?$top=5000&requestedFor=${first.requestedFor.uniqueName}`).text) as Page;
    expect(byRequester.count).toBeGreaterThan(0);
    expect(byRequester.count).toBeLessThan(all.count);
    expect(JSON.parse(get(`${builds}?queues=${first.queue.id + 1}`).text)).toMatchObject({ count: 0 });
    expect((JSON.parse(get(`${builds}?$top=5000&queues=${first.queue.id}`).text) as Page).count).toBe(all.count);

    const commits = keyFor("/{organization}/{project}/_apis/git/repositories/{repositoryId}/commits")!;
    const list = JSON.parse(get(commits).text) as Page;
    const committer = (list.value[0] as { committer: { email: string } }).committer.email;
    const mine = JSON.parse(get(`${commits}?searchCriteria.user=${encodeURIComponent(committer)}`).text) as Page;
    expect(mine.count).toBeGreaterThan(0);
    expect(mine.value.every((c) => (c as { committer: { email: string } }).committer.email === committer)).toBe(true);
    expect(JSON.parse(get(`${commits}?searchCriteria.user=nobody`).text)).toMatchObject({ count: 0 });

    const pulls = keyFor("/{organization}/{project}/_apis/git/pullrequests")!;
    const open = JSON.parse(get(`${pulls}?searchCriteria.status=all`).text) as Page;
    const repo = (open.value[0] as { repository: { id: string } }).repository.id;
    const fromRepo = JSON.parse(get(`${pulls}?searchCriteria.status=all&searchCriteria.sourceRepositoryId=${repo}`).text) as Page;
    expect(fromRepo.count).toBeGreaterThan(0);
    expect(fromRepo.count).toBeLessThan(open.count);
    expect(fromRepo.value.every((p) => (p as { repository: { id: string } }).repository.id === repo)).toBe(true);
  });
});
