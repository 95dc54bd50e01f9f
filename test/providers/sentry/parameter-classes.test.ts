import { readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { sentryParams, sentryRefusals, pathOf } from "../../../generator/providers/sentry/params.js";
import { listProfiles } from "../../../generator/providers/sentry/lists.js";
import {
  describeParameterClasses,
  refusalFailures,
  servedPathMatching,
  servedOperations,
  type Description,
} from "../../conformance/parameter-classes.js";
import { DistClient } from "../../conformance/walk.js";
import { liveWorld } from "./world.js";

/**
 * Sentry's published description (the served operations, spec/README.md) against what the live host
 * serves: an operation is served when a built route key matches its template (no trailing slash, as
 * keys are stored), directly or through one of the serving profile's aliases (a project's release
 * commits are the organization's). Needs the live host built (SNAPVERSE_TEST_PINS=sentry).
 */
const HOST = "sentry";
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const skip = only !== undefined && !only.includes(HOST);

let client: DistClient | undefined;
const dist = () => (client ??= new DistClient(inject("dist"), inject("baseUrl")));
const keys = () => [...dist().pin(HOST).routes.keys()].map((k) => k.split("?")[0]!);

function ops() {
  const all = keys();
  const built = (template: string) => {
    const re = new RegExp(pathOf(`/${template}`));
    return all.some((k) => re.test(k));
  };
  const aliases = dist().pin(HOST).serving.aliases ?? [];
  // The template with the organization's slug and `x` for other placeholders, as an alias would see a request.
  const aliased = (key: string) => {
    const filled = key
      .replace("{organization_id_or_slug}", world.company.slug)
      .replace(/\{[^}]+\}/g, "x")
      .replace(/\/$/, "");
    return aliases.some(
      (a) => new RegExp(a.from).test(filled) && built(filled.replace(new RegExp(a.from), a.to).replace(/\/x(?=\/|$)/g, "/{x}")),
    );
  };
  const spec = JSON.parse(readFileSync("test/providers/sentry/spec/sentry-openapi-served.json", "utf8")) as Description;
  return servedOperations(spec, { served: (key) => built(key) || aliased(key) });
}

const world = liveWorld();
const facts = { byRelease: {}, byEnvironment: {}, teams: [] };
describeParameterClasses("sentry", {
  ops,
  classes: sentryParams,
  lists: listProfiles("https://sentry.example", world.asOf, [], facts),
  refusals: sentryRefusals(),
  gaps: 3,
  skip,
});

describe.skipIf(skip)("sentry parameters as served", () => {
  const get = (path: string) => dist().get(`${inject("baseUrl")}/${HOST}/${path}`);
  /** A served key under a template that answers 200, for a request that adds one parameter. */
  const pathFor = (template: string): string | undefined => servedPathMatching(dist().pin(HOST).routes, pathOf(template));

  it("refuses every refused parameter with Sentry's 400 {detail} naming it", async () => {
    const refused = Object.keys(sentryParams.refused);
    const { failures, checked } = await refusalFailures(refused, {
      pathFor,
      get,
      // A value each rule refuses: `detailed=0` asks for less, any other switch is refused at `1`.
      value: (key) => (key.endsWith(" detailed") ? "0" : "1"),
      isRefusal: (r, param) => {
        const body = JSON.parse(r.text) as Record<string, unknown>;
        return r.status === 400 && Object.keys(body).join() === "detail" && String(body.detail).startsWith(`Invalid ${param} parameter:`);
      },
    });
    expect(failures.join("\n")).toBe("");
    expect(checked).toBe(refused.length);
  });

  it("answers a refused parameter's allowed value as if it were absent", () => {
    const org = pathFor("/api/0/organizations/{organization_id_or_slug}/")!;
    expect(get(`${org}?detailed=1`).text).toBe(get(org).text);
    const events = pathFor("/api/0/organizations/{organization_id_or_slug}/issues/{issue_id}/events/")!;
    expect(get(`${events}?sample=0`).text).toBe(get(events).text);
    const envs = pathFor("/api/0/organizations/{organization_id_or_slug}/environments/")!;
    expect(get(`${envs}?visibility=all`).text).toBe(get(envs).text);
    expect(get(`${envs}?visibility=hidden`).status).toBe(400);
  });

  it("filters the organization's issues by environment: the issues with events there, repeated: any of them", () => {
    const issues = `api/0/organizations/${world.company.slug}/issues`;
    type Item = { id: string };
    const all = `${issues}?query=&statsPeriod=&limit=100`;
    const ids = (path: string) => (JSON.parse(get(path).text) as Item[]).map((i) => i.id).sort();
    const groups = world.operations.errors.filter((g) => g.firstSeen <= world.asOf);
    const expected = (envs: string[]) =>
      groups
        .filter((g) => g.events.some((e) => e.at <= world.asOf && envs.includes(e.environment)))
        .map((g) => String(g.id))
        .sort();
    // The first page (100, newest first) is the whole list only when there are at most 100 issues.
    expect(groups.length).toBeLessThanOrEqual(100);
    const staging = ids(`${all}&environment=staging`);
    expect(staging).toStrictEqual(expected(["staging"]));
    expect(staging.length).toBeGreaterThan(0);
    expect(staging.length).toBeLessThan(ids(all).length);
    expect(ids(`${all}&environment=staging&environment=production`)).toStrictEqual(expected(["staging", "production"]));
    expect(get(`${all}&environment=staging`).text).not.toBe(get(all).text);
    expect(ids(`${all}&environment=nowhere`)).toStrictEqual([]);
  });

  it("searches the organization list by slug or name", () => {
    const path = "api/0/organizations";
    const slug = world.company.slug;
    expect(get(`${path}?query=${slug.slice(1, 4)}`).text).toBe(get(path).text);
    expect(get(`${path}?query=no-such-org`).text).toBe("[]");
  });
});
