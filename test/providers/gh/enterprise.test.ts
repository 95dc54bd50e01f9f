import { Octokit } from "@octokit/rest";
import { describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";

const baseUrl = inject("baseUrl");
const catalog = loadCatalog("catalog.yaml");

/**
 * GitHub Enterprise Server's layout (issue 37): clients of a host other than github.com, the gh CLI
 * among them, put `/api/v3` before every REST path. The official client given that base URL walks the
 * same data, and every URL it is handed (Link headers, item `url`s) keeps `/api/v3`, so it never leaves
 * the layout it started in.
 */
describe("@octokit/rest under /api/v3 on gh-2026-03-g5", () => {
  const pin = catalog.pins.find((p) => p.name === "gh-2026-03-g5")!;
  const world = buildWorld(catalog.generations.get(pin.generation)!, { render: loadTemplates("templates/repo") });
  const org = world.company.slug;
  const busiest = [...world.repos].sort((a, b) => b.issues.length - a.issues.length)[0]!;
  const base = `${baseUrl}/gh-2026-03-g5/api/v3`;
  const octokit = new Octokit({ baseUrl: base, request: { retries: 0 } });

  it("answers the probes an Enterprise client makes first, and the same bytes as the bare paths", async () => {
    const { data: user } = await octokit.rest.users.getAuthenticated();
    expect(typeof user.login).toBe("string");
    const mounted = await fetch(`${base}/orgs/${org}`);
    const bare = await fetch(`${baseUrl}/gh-2026-03-g5/orgs/${org}`);
    expect(mounted.status).toBe(200);
    const bareText = (await bare.text()).replaceAll(`${baseUrl}/gh-2026-03-g5`, base);
    expect(await mounted.text()).toBe(bareText);
  });

  it("paginates the busiest repository's issues to the end, every link and item URL under /api/v3", async () => {
    const links: string[] = [];
    const issues = [];
    for await (const page of octokit.paginate.iterator(octokit.rest.issues.listForRepo, {
      owner: org,
      repo: busiest.name,
      state: "all",
      per_page: 30,
    })) {
      if (page.headers.link) links.push(page.headers.link);
      issues.push(...page.data);
    }
    expect(links.length).toBeGreaterThan(0);
    const urls = [...links.flatMap((l) => [...l.matchAll(/<([^>]+)>/g)].map((m) => m[1]!)), ...issues.map((i) => i.url)];
    expect(urls.filter((u) => !u.startsWith(`${base}/`)).join("\n")).toBe("");
    // Issues and pull requests both: the issues list holds every one of the repository's issues.
    expect(issues.filter((i) => !i.pull_request).length).toBe(busiest.issues.length);
  });
});
