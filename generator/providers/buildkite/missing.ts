import type { ComputeHandler, ServingProfile } from "../../core/provider.js";
import type { BkContext } from "./context.js";
import { MISSING } from "./errors.js";

/**
 * Buildkite names what is missing: a path under an organization the token cannot see answers
 * `{"message":"No organization found"}`, under a pipeline that does not exist `No pipeline found`, a
 * build number that does not exist `No build found`, a job id that does not exist `No job found`. Each is a GET route
 * over exactly the names that
 * do not exist (a negative lookahead over the served ones), so every served resource stays a file.
 */
export function missingRoutes(bk: BkContext): NonNullable<ServingProfile["computed"]> {
  const org = escape(bk.org.slug);
  const slugs = bk.pipelines.map((p) => escape(p.slug)).join("|");
  const jobs = bk.builds
    .flatMap((b) => b.jobs.map((j) => j.id))
    .sort()
    .join("|");
  const routes: NonNullable<ServingProfile["computed"]> = [];
  for (const method of ["GET", "HEAD"]) {
    routes.push({ method, path: `^v2/organizations/(?!${org}(?:/|$))[^/]+(?:/.*)?$`, handler: "organization" });
    routes.push({
      method,
      path: `^v2/organizations/${org}/pipelines/(?!(?:${slugs || "(?!)"})(?:/|$))[^/]+(?:/.*)?$`,
      handler: "pipeline",
    });
    for (const p of bk.pipelines) {
      const numbers = p.builds.map((b) => b.number).join("|");
      routes.push({
        method,
        path: `^v2/organizations/${org}/pipelines/${escape(p.slug)}/builds/(?!(?:${numbers || "(?!)"})(?:/|$))[^/]+(?:/.*)?$`,
        handler: "build",
      });
    }
    // A job id no build of the organization has (a job of another build of the same pipeline is `Not Found`).
    routes.push({
      method,
      path:
        `^v2/organizations/${org}/(?:pipelines/(?:${slugs || "(?!)"})/builds/\\d+/)?jobs/(?!(?` +
        `:${jobs || "(?!)"})(?:/|$))[^/]+(?:/.*)?$`,
      handler: "job",
    });
  }
  return routes;
}

const missing =
  (message: string): ComputeHandler =>
  async () => ({ status: 404, headers: { "content-type": "application/json; charset=utf-8" }, body: JSON.stringify({ message }) });

export const missingHandlers: Record<string, ComputeHandler> = {
  organization: missing(MISSING.organization),
  pipeline: missing(MISSING.pipeline),
  build: missing(MISSING.build),
  job: missing(MISSING.job),
};

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
