import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { compareEndpoint, report, type Row } from "./harness.js";

const baseUrl = inject("baseUrl");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const pinName = "gh-2026-03-g5";

/**
 * Issue 32's harness for GitHub: response bodies recorded from api.github.com by @octokit/fixtures (real
 * recordings of its scenarios, ids and logins normalized), each compared key path by key path with the
 * same endpoint on the pin. The figures may only rise (FLOOR); the table names every missing path.
 */
const FLOOR = { present: 74.6, sameType: 74.6 };

type Recorded = { method: string; path: string; status: number; response: unknown };
type Any = Record<string, any>;

const require = createRequire(import.meta.url);
const scenarios = join(dirname(require.resolve("@octokit/fixtures/package.json")), "scenarios", "api.github.com");

/** Every successful GET body a scenario recorded whose path matches. */
function recorded(scenario: string, path: RegExp): unknown[] {
  const file = join(scenarios, scenario, "normalized-fixture.json");
  const all = JSON.parse(readFileSync(file, "utf8")) as Recorded[];
  return all.filter((r) => r.method === "get" && r.status < 300 && path.test(r.path.split("?")[0]!)).map((r) => r.response);
}

describe.skipIf(only !== undefined && !only.includes(pinName))(`fidelity of ${pinName} against api.github.com recordings`, () => {
  const api = `${baseUrl}/${pinName}`;
  const get = async (path: string): Promise<{ status: number; body: unknown }> => {
    const res = await fetch(`${api}${path}`, { headers: { accept: "application/vnd.github+json" } });
    const text = await res.text();
    return { status: res.status, body: res.headers.get("content-type")?.includes("json") ? (JSON.parse(text) as unknown) : text };
  };

  it("carries the key paths of the recorded bodies, with their types", async () => {
    const { body: org } = (await get("/user/orgs")) as { body: Any[] };
    const login = org[0]!.login as string;
    const { body: repos } = (await get(`/orgs/${login}/repos?per_page=100`)) as { body: Any[] };
    const repo = `${login}/${repos[0]!.name}`;
    const { body: releases } = (await get(`/repos/${repo}/releases`)) as { body: Any[] };
    const release = releases[0] ?? { id: 0, tag_name: "none" };
    const { body: labels } = (await get(`/repos/${repo}/labels`)) as { body: Any[] };
    const { body: commits } = (await get(`/repos/${repo}/commits?per_page=1`)) as { body: Any[] };
    const sha = commits[0]!.sha as string;
    const { body: assets } = await get(`/repos/${repo}/releases/${release.id}/assets`);
    const asset = Array.isArray(assets) && assets[0] ? (assets[0] as Any).id : 0;

    // [scenario, recorded path, the pin's path for the same endpoint]
    const endpoints: Array<[string, RegExp, string]> = [
      ["get-root", /^\/$/, "/"],
      ["get-organization", /^\/orgs\/[^/]+$/, `/orgs/${login}`],
      ["get-repository", /^\/repos\/[^/]+\/[^/]+$/, `/repos/${repo}`],
      ["paginate-issues", /\/issues$/, `/repos/${repo}/issues?state=all`],
      ["labels", /\/labels$/, `/repos/${repo}/labels`],
      ["labels", /\/labels\/[^/]+$/, `/repos/${repo}/labels/${encodeURIComponent(labels[0]?.name ?? "none")}`],
      ["git-refs", /\/git\/refs\/$/, `/repos/${repo}/git/refs`],
      ["release-assets", /\/releases\/tags\/[^/]+$/, `/repos/${repo}/releases/tags/${release.tag_name}`],
      ["release-assets", /\/releases\/\d+\/assets$/, `/repos/${repo}/releases/${release.id}/assets`],
      ["release-assets", /\/releases\/assets\/\d+$/, `/repos/${repo}/releases/assets/${asset}`],
      ["get-content", /\/contents\/$/, `/repos/${repo}/contents/`],
      ["create-status", /\/statuses$/, `/repos/${repo}/commits/${sha}/statuses`],
      ["create-status", /\/status$/, `/repos/${repo}/commits/${sha}/status`],
      ["add-and-remove-repository-collaborator", /\/collaborators$/, `/repos/${repo}/collaborators`],
      ["add-and-remove-repository-collaborator", /\/invitations$/, `/repos/${repo}/invitations`],
      ["search-issues", /^\/search\/issues$/, `/search/issues?q=${encodeURIComponent(`repo:${repo} is:issue`)}`],
    ];
    expect(readdirSync(scenarios).length).toBeGreaterThan(15);

    const rows: Row[] = [];
    for (const [scenario, path, ours] of endpoints) {
      const real = recorded(scenario, path);
      expect(real.length, `${scenario} ${path}`).toBeGreaterThan(0);
      const label = ours.split("?")[0]!.replace(repo, "{repo}").replace(login, "{org}");
      rows.push(
        compareEndpoint(label, real, await get(ours), { whole: true, skip: (p) => (p === "[]" ? "a list's own type" : undefined) }),
      );
    }
    const { present, sameType, lines } = report("GitHub fidelity", rows);
    console.log(lines);
    expect(present).toBeGreaterThanOrEqual(FLOOR.present);
    expect(sameType).toBeGreaterThanOrEqual(FLOOR.sameType);
  });
});
