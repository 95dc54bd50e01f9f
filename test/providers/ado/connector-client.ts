import { expect } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";

const catalog = loadCatalog("catalog.yaml");

/** The HTTP side both Azure DevOps connector replays share: a PAT as basic auth, JSON bodies, query strings. */
export type Item = Record<string, any>;
export type Answer = { status: number; headers: Headers; body: Item };

export async function get(url: string): Promise<Answer> {
  // Both connectors authenticate with a PAT as basic auth (user name and token).
  const res = await fetch(url, {
    headers: { authorization: `Basic ${Buffer.from(":pat").toString("base64")}`, accept: "application/json" },
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : {}) as Item };
}

export async function ok(url: string): Promise<Answer> {
  const r = await get(url);
  expect(r.status, url).toBe(200);
  return r;
}

export const q = (params: Record<string, string | number>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join("&");

/** What both replays know of a pin before their first request: its world, org, project and repositories. */
export function adoPin(baseUrl: string, pinName: string) {
  const pin = catalog.pins.find((p) => p.name === pinName)!;
  const world = buildWorld(catalog.generations.get(pin.generation)!, { render: loadTemplates("templates/repo") });
  const org = world.company.slug;
  // Both connectors name the host `https://dev.azure.com`; the pin stands in for it.
  const host = `${baseUrl}/${pinName}`;
  const projectName = world.company.name;
  const project = encodeURIComponent(projectName);
  const repos = [...world.repos].sort((a, b) => a.id - b.id);
  const pullId = (repoId: number, n: number) => repoId * 1000 + n;

  async function scope(): Promise<{ projectId: string; repoIds: Map<string, string> }> {
    const projects = (await ok(`${host}/${org}/_apis/projects?${q({ "api-version": "7.1", $top: 100, $skip: 0 })}`)).body.value as Item[];
    const repoList = (await ok(`${host}/${org}/${project}/_apis/git/repositories?api-version=7.1`)).body.value as Item[];
    return { projectId: String(projects[0]!.id), repoIds: new Map(repoList.map((r) => [String(r.name), String(r.id)])) };
  }
  return { world, org, host, projectName, project, repos, pullId, scope };
}
