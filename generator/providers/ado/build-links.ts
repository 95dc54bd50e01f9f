import type { Resource } from "../../core/provider.js";
import type { AdoContext } from "./context.js";
import { definitionId, POOL, queue } from "./builds.js";

/**
 * What builds and definitions link to besides builds and timelines:
 * - `_apis/build/Queues/{id}`: the one agent queue (AgentPoolQueue), as definitions embed it;
 * - `{project}/_apis/build/status/{definition}`: the status badge, an SVG of the definition's latest
 *   build on its default branch, as the service draws it (`image/svg+xml`);
 * - `{project}/_apis/build/Builds/{id}/sources` (`sourceVersionDisplayUri`): a 302 to the commit on the
 *   web host, where the service sends it (another host: not served).
 */
export function* buildLinkResources(ado: AdoContext): Generator<Resource> {
  yield { path: `${ado.org}/_apis/build/Queues/${POOL.id + 30}`, body: queue(ado) };
  const base = `${ado.projectPath()}/_apis/build`;
  for (const repo of [...ado.world.repos].sort((a, b) => a.id - b.id)) {
    const latest = [...repo.runs]
      .filter((r) => r.headBranch === repo.defaultBranch && r.status === "completed")
      .sort((a, b) => b.createdAt - a.createdAt || b.id - a.id)[0];
    const state = !latest ? "never built" : latest.conclusion === "success" ? "succeeded" : "failed";
    yield { path: `${base}/status/${definitionId(repo)}`, body: { raw: badge(state), contentType: "image/svg+xml" } };
    for (const run of repo.runs) {
      const location = `${ado.repoWeb(repo)}/commit/${run.headSha}`;
      yield {
        path: `${base}/builds/${run.id}/sources`,
        status: 302,
        headers: { location },
        body: { raw: "", contentType: "text/html; charset=utf-8" },
      };
    }
  }
}

const COLORS: Record<string, string> = { succeeded: "#4c1", failed: "#e05d44", "never built": "#9f9f9f" };

/** A flat two-part badge: "Azure Pipelines" and the state, widths from the text length. */
function badge(state: string): string {
  const left = 96;
  const right = 10 + state.length * 7;
  const w = left + right;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="20" role="img" aria-label="Azure Pipelines: ${state}">` +
    `<title>Azure Pipelines: ${state}</title>` +
    `<rect width="${left}" height="20" fill="#555"/><rect x="${left}" width="${right}" height="20" fill="${COLORS[state]}"/>` +
    `<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">` +
    `<text x="${left / 2}" y="14">Azure Pipelines</text><text x="${left + right / 2}" y="14">${state}</text></g></svg>`
  );
}
