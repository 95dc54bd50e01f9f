import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { buildkiteParams, buildkiteRefusals, pathOf } from "../../../generator/providers/buildkite/params.js";
import { listProfiles } from "../../../generator/providers/buildkite/lists.js";
import { describeParameterClasses, refusalFailures, servedPathMatching, type Op } from "../../conformance/parameter-classes.js";
import { DistClient } from "../../conformance/walk.js";
import { liveWorld } from "./world.js";

/**
 * Buildkite publishes no OpenAPI description of REST v2, so the operations are read from its vendored
 * reference pages (spec/README.md): each `## ` section's `curl … -X GET "https://api.buildkite.com/v2/…"`
 * examples are its operations, the tables after "query string parameters" (with the builds pages'
 * `render_markdown partial` tables put in) their parameters, and a section that returns a "paginated
 * list" takes `page` and `per_page` (rest_api.md § Pagination). An operation is served when a built
 * route key of the live host matches it, directly or through the job alias. Needs the live host built
 * (SNAPVERSE_TEST_PINS=buildkite).
 */
const HOST = "buildkite";
const SPEC = "test/providers/buildkite/spec";
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const skip = only !== undefined && !only.includes(HOST);

/** The `<th><code>name</code></th>` cells of the first table after `from` in `text`. */
function tableParams(text: string, from: number): string[] {
  const start = text.indexOf("<table", from);
  const end = text.indexOf("</table>", start);
  if (start === -1 || end === -1) return [];
  return [...text.slice(start, end).matchAll(/<th><code>([^<]+)<\/code><\/th>/g)].map((m) => m[1]!);
}

/** Every GET operation the reference pages document, with its query parameters. */
function documentedOperations(): Op[] {
  const rest = readFileSync(`${SPEC}/rest_api.md`, "utf8");
  const paging = tableParams(rest, rest.indexOf("## Pagination"));
  const partial = (name: string) => {
    const file = `${SPEC}/_${name}.md`;
    return readdirSync(SPEC).includes(`_${name}.md`) ? readFileSync(file, "utf8") : "";
  };
  const ops: Op[] = [];
  const pages = readdirSync(SPEC)
    .filter((f) => f.endsWith(".md") && !f.startsWith("_") && f !== "README.md" && f !== "rest_api.md")
    .sort();
  for (const page of pages) {
    const text = readFileSync(`${SPEC}/${page}`, "utf8").replace(
      /<%= render_markdown partial: 'apis\/rest_api\/([a-z_]+)' %>/g,
      (_, name: string) => partial(name),
    );
    for (const section of text.split(/^## /m)) {
      const urls = [...section.matchAll(/-X GET "https:\/\/api\.buildkite\.com(\/v2\/[^"?]*)/g)].map((m) => m[1]!);
      if (!urls.length) continue;
      const params = new Set<string>();
      for (const m of section.matchAll(/query string parameters\]/g)) for (const p of tableParams(section, m.index)) params.add(p);
      if (/paginated/.test(section)) for (const p of paging) params.add(p);
      for (const template of urls) ops.push({ template, params: [...params].sort() });
    }
  }
  return ops.sort((a, b) => (a.template < b.template ? -1 : 1));
}

let client: DistClient | undefined;
const dist = () => (client ??= new DistClient(inject("dist"), inject("baseUrl")));
const world = liveWorld();

function ops(): Op[] {
  const keys = [...dist().pin(HOST).routes.keys()].map((k) => k.split("?")[0]!);
  const built = (template: string) => {
    const re = new RegExp(pathOf(template));
    return keys.some((k) => re.test(k));
  };
  const aliases = dist().pin(HOST).serving.aliases ?? [];
  // The template with the organization's slug and `1` for other placeholders (a build number is digits), as an alias would see a request.
  const aliased = (template: string) => {
    const filled = template
      .slice(1)
      .replace("{org.slug}", world.company.slug)
      .replace(/\{[^}]+\}/g, "1");
    return aliases.some(
      (a) => new RegExp(a.from).test(filled) && built(`/${filled.replace(new RegExp(a.from), a.to).replace(/\/1(?=\/|$)/g, "/{x}")}`),
    );
  };
  return documentedOperations().filter((o) => built(o.template) || aliased(o.template));
}

describeParameterClasses("buildkite", {
  ops,
  classes: buildkiteParams,
  lists: listProfiles("https://buildkite.example"),
  refusals: buildkiteRefusals(),
  gaps: 3,
  skip,
});

describe("Buildkite's reference pages, as parsed", () => {
  it("documents the build lists' filters and the paging parameters where the docs say so", () => {
    const ops = documentedOperations();
    const org = ops.find((o) => o.template === "/v2/organizations/{org.slug}/builds")!;
    expect(org.params).toStrictEqual(
      [
        "branch",
        "commit",
        "created_from",
        "created_to",
        "creator",
        "exclude_jobs",
        "exclude_pipeline",
        "finished_from",
        "include_paused",
        "include_retried_jobs",
        "meta_data",
        "page",
        "per_page",
        "state",
      ].sort(),
    );
    expect(ops.find((o) => o.template === "/v2/user")!.params).toStrictEqual([]);
    expect(ops.find((o) => o.template === "/v2/organizations/{org.slug}/pipelines/{pipeline.slug}/builds/{number}")!.params).toContain(
      "job_states[]",
    );
    // Two curl examples in one section (a job's annotations, by org and by build) share its parameters.
    expect(ops.filter((o) => o.template.endsWith("/jobs/{job.id}/annotations")).length).toBe(2);
  });
});

describe.skipIf(skip)("buildkite parameters as served", () => {
  const get = (path: string) => dist().get(`${inject("baseUrl")}/${HOST}/${path}`);
  /** A served key under a template that answers 200, for a request that adds one parameter. */
  const pathFor = (template: string): string | undefined => servedPathMatching(dist().pin(HOST).routes, pathOf(template));

  it("refuses every refused parameter with Buildkite's 422 {message} naming it", async () => {
    const refused = Object.keys(buildkiteParams.refused);
    const { failures, checked } = await refusalFailures(refused, {
      pathFor,
      get,
      value: () => "true",
      isRefusal: (r, param) => {
        const body = JSON.parse(r.text) as Record<string, unknown>;
        return r.status === 422 && Object.keys(body).join() === "message" && String(body.message).startsWith(`${param} `);
      },
    });
    expect(failures.join("\n")).toBe("");
    expect(checked).toBe(refused.length);
  });

  it("answers a refused parameter's allowed value, and the ignored ones, as if they were absent", () => {
    const build = pathFor("/v2/organizations/{org.slug}/pipelines/{pipeline.slug}/builds/{number}")!;
    expect(get(`${build}?include_test_engine=false`).text).toBe(get(build).text);
    expect(get(`${build}?include_retried_jobs=true`).text).toBe(get(build).text);
    const builds = `v2/organizations/${world.company.slug}/builds`;
    expect(get(`${builds}?include_paused=false`).text).toBe(get(builds).text);
  });
});
