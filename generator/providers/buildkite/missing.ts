import type { PinComputedRoutes } from "../../core/define-provider.js";
import type { ComputeHandler } from "../../core/provider.js";
import { bkContext, type BkContext } from "./context.js";
import { MISSING } from "./errors.js";

const missing =
  (message: string): ComputeHandler =>
  async () => ({ status: 404, headers: { "content-type": "application/json; charset=utf-8" }, body: JSON.stringify({ message }) });

const organization = missing(MISSING.organization);
const pipeline = missing(MISSING.pipeline);
const build = missing(MISSING.build);
const job = missing(MISSING.job);

/**
 * Buildkite names what is missing: a path under an organization the token cannot see answers
 * `{"message":"No organization found"}`, under a pipeline that does not exist `No pipeline found`, a
 * build number that does not exist `No build found`, a job id that does not exist `No job found`. Each is a
 * GET route over exactly the names that
 * do not exist (a negative lookahead over the served ones), so every served resource stays a file.
 *
 * The paths depend on the pin's names; the order is the profile's: per method, organization, pipeline, builds, job.
 */
export const missingRoutes: PinComputedRoutes[] = ["GET", "HEAD"].flatMap((method): PinComputedRoutes[] => [
  {
    method,
    handler: "organization",
    run: organization,
    paths: (pin, world) => [`^v2/organizations/(?!${escape(bkContext(world, pin).org.slug)}(?:/|$))[^/]+(?:/.*)?$`],
  },
  {
    method,
    handler: "pipeline",
    run: pipeline,
    paths: (pin, world) => [
      `^v2/organizations/${escape(bkContext(world, pin).org.slug)}/pipelines/(?!(?` +
        `:${slugs(bkContext(world, pin)) || "(?!)"})(?:/|$))[^/]+(?:/.*)?$`,
    ],
  },
  {
    method,
    handler: "build",
    run: build,
    paths: (pin, world) => {
      const bk = bkContext(world, pin);
      return bk.pipelines.map((p) => {
        const numbers = p.builds.map((b) => b.number).join("|");
        return (
          `^v2/organizations/${escape(bk.org.slug)}/pipelines/${escape(p.slug)}/builds/(?!(?` +
          `:${numbers || "(?!)"})(?:/|$))[^/]+(?:/.*)?$`
        );
      });
    },
  },
  // A job id no build of the organization has (a job of another build of the same pipeline is `Not Found`).
  {
    method,
    handler: "job",
    run: job,
    paths: (pin, world) => {
      const bk = bkContext(world, pin);
      const jobs = bk.builds
        .flatMap((b) => b.jobs.map((j) => j.id))
        .sort()
        .join("|");
      return [
        `^v2/organizations/${escape(bk.org.slug)}/(?:pipelines/(?:${slugs(bk) || "(?!)"})/builds/` +
          `\\d+/)?jobs/(?!(?:${jobs || "(?!)"})(?:/|$))[^/]+(?:/.*)?$`,
      ];
    },
  },
]);

function slugs(bk: BkContext): string {
  return bk.pipelines.map((p) => escape(p.slug)).join("|");
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
