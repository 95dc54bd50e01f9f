import { expect, inject } from "vitest";
import type { CiRun, Repo, World } from "../../../generator/world/types.js";
import { liveWorld } from "../../support/live-hosts.js";

export { liveWorld };

export type Any = Record<string, any>;

/** The host's API root, as a client configures it: `https://circleci.com/api/v2` with another origin. */
export const API = `${inject("baseUrl")}/circleci/api/v2`;
export const HEADERS = { "Circle-Token": "CCIPAT_snapverse_test" };

/** The repositories that build on CircleCI, each with its builds (runs from `since` to as-of, oldest first). */
export function circleRepos(world: World): Array<{ repo: Repo; slug: string; runs: CiRun[] }> {
  return world.operations.ciHosting
    .filter((h) => h.host === "circleci")
    .map((h) => {
      const repo = world.repos.find((r) => r.id === h.repoId)!;
      const runs = repo.runs
        .filter((r) => r.createdAt >= h.since && r.createdAt <= world.asOf)
        .sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
      return { repo, slug: `gh/${world.company.slug}/${repo.name}`, runs };
    })
    .sort((a, b) => a.repo.id - b.repo.id);
}

/** The token holder: whoever triggered the most CircleCI builds (the lowest id on a tie). */
export function tokenHolder(world: World) {
  const counts = new Map<number, number>();
  for (const { runs } of circleRepos(world)) for (const r of runs) counts.set(r.actorId, (counts.get(r.actorId) ?? 0) + 1);
  const [id] = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]!;
  return world.people[id - 1]!;
}

export async function get(
  path: string,
  query: Array<[string, string]> = [],
  headers: Record<string, string> = HEADERS,
): Promise<{ status: number; body: Any; headers: Headers }> {
  const res = await fetch(`${API}/${path}${query.length ? `?${new URLSearchParams(query)}` : ""}`, { headers });
  return { status: res.status, body: (await res.json()) as Any, headers: res.headers };
}

export async function ok(path: string, query: Array<[string, string]> = []): Promise<Any> {
  const r = await get(path, query);
  expect(r.status, `${path} ${JSON.stringify(query)}: ${JSON.stringify(r.body).slice(0, 300)}`).toBe(200);
  return r.body;
}

/** A list walked to the end the way CircleCI's docs say: `page-token=<next_page_token>` until it is null. */
export async function walk(path: string, query: Array<[string, string]> = []): Promise<{ items: Any[]; pages: Any[] }> {
  const pages: Any[] = [];
  let token: string | null = null;
  for (;;) {
    const page = await ok(path, [...query, ...(token ? [["page-token", token] as [string, string]] : [])]);
    pages.push(page);
    // Every last page, pre-rendered or computed (a filter), says `"next_page_token": null`.
    expect("next_page_token" in page, `${path}: next_page_token`).toBe(true);
    token = page.next_page_token as string | null;
    if (!token) break;
  }
  return { items: pages.flatMap((p) => p.items as Any[]), pages };
}
