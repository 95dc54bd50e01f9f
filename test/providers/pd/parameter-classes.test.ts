import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { isoSeconds } from "../../../generator/world/clock.js";
import { incidentListRoutes } from "../../../generator/providers/pd/incident-list.js";
import { listProfiles } from "../../../generator/providers/pd/lists.js";
import { meRoutes } from "../../../generator/providers/pd/me.js";
import { oncallRoutes } from "../../../generator/providers/pd/oncall-data.js";
import { pdPagination } from "../../../generator/providers/pd/paging.js";
import { pdParams, pdRefusals } from "../../../generator/providers/pd/params.js";
import { scheduleRoutes } from "../../../generator/providers/pd/schedules.js";
import {
  type Description,
  describeParameterClasses,
  liveFamilies,
  refusalFailures,
  servedOperations,
  underFamilies,
} from "../../conformance/parameter-classes.js";
import { liveHostSelected } from "../../support/live-hosts.js";
import { type Any, call, ok } from "./http.js";
import { liveWorld } from "./world.js";

/**
 * PagerDuty's published description (the vendored openapiv3.json) against what the live host serves:
 * an operation is served when a route family of the lock's live `pd` host matches its template, or a
 * computed route (incidents, on-calls, a schedule, users/me) answers it. Needs the live host
 * (SNAPVERSE_TEST_PINS=pd).
 */
const skip = !liveHostSelected("pd");
const families = liveFamilies("pd");
const routes = [...incidentListRoutes, ...oncallRoutes, ...scheduleRoutes, ...meRoutes];

function ops() {
  const spec = JSON.parse(gunzipSync(readFileSync(join(import.meta.dirname, "spec", "openapiv3.json.gz"))).toString("utf8")) as Description;
  const byFamily = underFamilies(families);
  // A computed route's ids are PagerDuty's seven upper-case alphanumerics: a placeholder stands for one.
  const computed = (key: string) => routes.some((r) => r.method === "GET" && new RegExp(r.path).test(key.replace(/\{[^}]+\}/g, "PABC123")));
  return servedOperations(spec, { served: (key) => byFamily(key) || computed(key) });
}

const lists = listProfiles(pdPagination("https://pd.example"), isoSeconds(liveWorld().asOf));

describeParameterClasses("pd", { ops, classes: pdParams, lists, refusals: pdRefusals(), gaps: 0, skip });

describe.skipIf(skip)("pd parameters as served", () => {
  let scheduleId = "";
  beforeAll(async () => {
    scheduleId = ((await ok("schedules")).schedules as Any[])[0]!.id as string;
  });

  /** A served path under a template: itself when it has no placeholder, else a lock family of the same shape. */
  const pathFor = (template: string): string | undefined => {
    if (!template.includes("{")) return template.slice(1);
    if (template === "/schedules/{id}") return `schedules/${scheduleId}`;
    const segs = template.slice(1).split("/");
    return families
      .find((f) => f.length === segs.length && !f[0]!.startsWith("_") && segs.every((s, i) => s.startsWith("{") || s === f[i]))
      ?.join("/");
  };
  const get = async (path: string) => {
    const [p, q] = path.split("?");
    return call(p!, [...new URLSearchParams(q ?? "")]);
  };

  it("refuses every refused parameter with PagerDuty's 400 Invalid Input Provided naming it", async () => {
    const { failures, checked } = await refusalFailures(Object.keys(pdParams.refused), {
      pathFor,
      get,
      isRefusal: (r, param) => {
        const body = JSON.parse(r.text) as { error?: { message?: string; code?: number; errors?: string[] } };
        return (
          r.status === 400 &&
          body.error?.message === "Invalid Input Provided" &&
          body.error.code === 2001 &&
          !!body.error.errors?.[0]?.startsWith(param)
        );
      },
    });
    expect(failures.join("\n")).toBe("");
    expect(checked).toBe(Object.keys(pdParams.refused).length);
    // The bracketless spelling of an array parameter is refused too.
    expect((await call("users", [["include", "teams"]])).status).toBe(400);
  });

  it("answers a refused parameter's allowed value as if it were absent", async () => {
    expect((await call("incidents", [["time_zone", "UTC"]])).text).toBe((await call("incidents")).text);
    expect((await call("incidents", [["time_zone", "Europe/Berlin"]])).status).toBe(400);
    const rules = pathFor("/users/{id}/notification_rules")!;
    const plain = (await call(rules)).text;
    expect((await call(rules, [["urgency", "all"]])).text).toBe(plain);
    expect((await call(rules, [["urgency", "high"]])).text).toBe(plain);
    expect((await call(rules, [["urgency", "low"]])).status).toBe(400);
    expect((await call("log_entries", [["is_overview", "false"]])).text).toBe((await call("log_entries")).text);
  });

  it("makes an on-call page's users, escalation policies and schedules whole with include[]", async () => {
    const window: Array<[string, string]> = [["limit", "100"]];
    const plain = await ok("oncalls", window);
    for (const [include, field, path] of [
      ["users", "user", (id: string) => `users/${id}`],
      ["escalation_policies", "escalation_policy", (id: string) => `escalation_policies/${id}`],
      ["schedules", "schedule", (id: string) => `schedules/${id}`],
    ] as const) {
      const r = await call("oncalls", [...window, ["include[]", include]]);
      expect(r.status, include).toBe(200);
      const got = r.body.oncalls as Any[];
      expect(got.length).toBe((plain.oncalls as Any[]).length);
      expect(r.text).not.toBe(JSON.stringify(plain));
      const sample = got.find((o) => o[field] !== null)!;
      const whole = (await ok(path(sample[field].id as string)))[field] as Any;
      if (field === "schedule") {
        // A schedule's summary is the detail without its rendering.
        const { schedule_layers: _l, overrides_subschedule: _o, final_schedule: _f, ...summary } = whole;
        expect(JSON.stringify(sample[field])).toBe(JSON.stringify(summary));
      } else expect(JSON.stringify(sample[field])).toBe(JSON.stringify(whole));
      // Only the included field changes: the rest of each entry is the plain page's.
      const strip = (o: Any) => JSON.stringify({ ...o, [field]: o[field]?.id ?? null });
      expect(got.map(strip)).toStrictEqual((plain.oncalls as Any[]).map(strip));
    }
    const bad = await call("oncalls", [["include[]", "everything"]]);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe(2001);
  });
});
