import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, inject, it } from "vitest";
import { bbParams, bbRefusals, pathOf } from "../../../generator/providers/bb/params.js";
import { bbLists } from "../../../generator/providers/bb/queries.js";
import { describeParameterClasses, servedOperations, type Description } from "../../conformance/parameter-classes.js";
import { DistClient } from "../../conformance/walk.js";

/**
 * Bitbucket Cloud's published description (spec/README.md) against what the bb pins serve: an operation
 * is served when a built route key of either pin matches its template (a `{path}` spans segments).
 * Needs the bb pins built (SNAPVERSE_TEST_PINS=bb-v2,bb-v2-g5).
 */
const PINS = ["bb-v2", "bb-v2-g5"];
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const skip = only !== undefined && !PINS.every((p) => only.includes(p));

let client: DistClient | undefined;
const dist = () => (client ??= new DistClient(inject("dist"), inject("baseUrl")));

/** Every served key path (no query) of both pins. */
function servedKeys(): string[] {
  const keys = new Set<string>();
  for (const pin of PINS) for (const key of dist().pin(pin).routes.keys()) keys.add(key.split("?")[0]!);
  return [...keys];
}

function ops() {
  const keys = servedKeys();
  const spec = JSON.parse(gunzipSync(readFileSync("test/providers/bb/spec/swagger.json.gz")).toString("utf8")) as Description;
  return servedOperations(spec, {
    served: (key) => {
      const re = new RegExp(pathOf(`/${key.slice("2.0/".length)}`));
      return keys.some((k) => re.test(k));
    },
    prefix: "2.0",
  });
}

describeParameterClasses("bb", {
  ops,
  classes: bbParams,
  lists: bbLists("https://bb.example"),
  prefix: "2.0/",
  refusals: bbRefusals(),
  gaps: 0,
  skip,
});

describe.skipIf(skip)("bb parameters as served", () => {
  const pin = "bb-v2-g5";
  const get = (path: string) => dist().get(`${inject("baseUrl")}/${pin}/${path}`);
  /** A served key of the g5 pin under a template that answers 200, for a request that adds one parameter. */
  const keyFor = (template: string): string | undefined => {
    const re = new RegExp(pathOf(template));
    return [...dist().pin(pin).routes.keys()]
      .map((k) => k.split("?")[0]!)
      .find((k) => re.test(k) && dist().pin(pin).routes.get(k)?.status === 200);
  };

  it("refuses every refused parameter with Bitbucket's 400 naming it", () => {
    const failures: string[] = [];
    let checked = 0;
    for (const key of Object.keys(bbParams.refused)) {
      const at = key.lastIndexOf(" ");
      const param = key.slice(at + 1);
      const path = keyFor(key.slice(0, at));
      if (!path) {
        failures.push(`${key}: no served path`);
        continue;
      }
      const r = get(`${path}?${param}=snapverse-refused`);
      checked++;
      const body = JSON.parse(r.text) as { type?: string; error?: { message?: string; detail?: string } };
      if (
        r.status !== 400 ||
        body.type !== "error" ||
        body.error?.message !== `Invalid ${param}` ||
        !body.error.detail?.includes(`'${param}'`)
      )
        failures.push(`${key}: ${r.status} ${r.text.slice(0, 160)}`);
    }
    expect(failures.join("\n")).toBe("");
    expect(checked).toBe(Object.keys(bbParams.refused).length);
  });

  it("answers a refused parameter's allowed value as if it were absent", () => {
    const diff = keyFor("/repositories/{workspace}/{repo_slug}/diff/{spec}")!;
    expect(get(`${diff}?context=3&topic=true`).text).toBe(get(diff).text);
    expect(get(`${diff}?context=5`).status).toBe(400);
    const repos = keyFor("/repositories/{workspace}")!;
    expect(get(`${repos}?role=member`).text).toBe(get(repos).text);
    expect(get(`${repos}?role=owner`).status).toBe(400);
  });

  type Page = { size?: number; values: Array<Record<string, unknown>> };
  const page = (path: string) => JSON.parse(get(path).text) as Page;

  it("computes `after` on the global listing: created at or after the instant", () => {
    const all = page("2.0/repositories?role=member&pagelen=100").values;
    const created = all.map((r) => String(r.created_on)).sort();
    const mid = created[Math.floor(created.length / 2)]!;
    const after = page(`2.0/repositories?role=member&pagelen=100&after=${encodeURIComponent(mid)}`).values;
    expect(after.length).toBeGreaterThan(0);
    expect(after.length).toBeLessThan(all.length);
    expect(after.every((r) => Date.parse(String(r.created_on)) >= Date.parse(mid))).toBe(true);
  });

  it("computes BBQL `q` on statuses and source listings", () => {
    const statuses = keyFor("/repositories/{workspace}/{repo_slug}/commit/{commit}/statuses")!;
    const [status] = page(statuses).values;
    expect(page(`${statuses}?q=${encodeURIComponent(`state="${String(status!.state)}"`)}`).values.length).toBe(
      page(statuses).values.length,
    );
    expect(page(`${statuses}?q=${encodeURIComponent('state="NO_SUCH_STATE"')}`).values).toHaveLength(0);
    // A repository's root listing, `src/{commit}/` (its key has no trailing slash).
    const listing = [...dist().pin(pin).routes.keys()].find((k) => /^2\.0\/repositories\/[^/]+\/[^/]+\/src\/[0-9a-f]{40}$/.test(k))!;
    const entries = page(`${listing}?pagelen=100`).values;
    const dirs = page(`${listing}?pagelen=100&q=${encodeURIComponent('type="commit_directory"')}`).values;
    expect(dirs.length).toBeGreaterThan(0);
    expect(dirs.length).toBeLessThan(entries.length);
    expect(dirs.every((e) => e.type === "commit_directory")).toBe(true);
  });
});
