import { listPages } from "../../core/paginate.js";
import type { Pagination, Resource } from "../../core/provider.js";
import { artifactJson, artifactStorageUrl, buildArtifacts, jobArtifacts } from "./artifacts.js";
import { buildAnnotations } from "./annotations.js";
import { buildJson, jobJson } from "./builds.js";
import type { BkContext } from "./context.js";
import { jobEnvJson } from "./env.js";
import { logJson, logText } from "./logs.js";

/**
 * `exclude_jobs=true` and `exclude_pipeline=true` leave the embedded jobs and pipeline out of every build
 * a list or a get answers: each combination is its own frozen variant (selectors of the list profiles).
 */
export const VARIANTS: Array<{ query: Array<[string, string]>; options: { excludeJobs?: boolean; excludePipeline?: boolean } }> = [
  { query: [], options: {} },
  { query: [["exclude_jobs", "true"]], options: { excludeJobs: true } },
  { query: [["exclude_pipeline", "true"]], options: { excludePipeline: true } },
  {
    query: [
      ["exclude_jobs", "true"],
      ["exclude_pipeline", "true"],
    ],
    options: { excludeJobs: true, excludePipeline: true },
  },
];

/** `…/pipelines/{slug}/builds/{n}/jobs/{id}/…` reads `…/jobs/{id}/…`: a job id is unique in the organization. */
export function jobAlias(orgSlug: string): { from: string; to: string } {
  const org = `v2/organizations/${orgSlug.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
  return { from: `^(${org})/pipelines/[^/]+/builds/\\d+/(jobs/[^/]+(?:/.*)?)$`, to: "$1/$2" };
}

/**
 * The build lists (every build of the token's organizations, of the organization, of a pipeline; newest
 * first), each build, and below it its jobs, their logs and artifacts. A job's files are written once, at
 * the organization-scoped path the docs give for clients that know only its id; its build-scoped path
 * (the one its URLs name) is an alias of it (JOB_ALIAS).
 */
export function* buildResources(bk: BkContext, p: Pagination): Generator<Resource> {
  const org = `v2/organizations/${bk.org.slug}`;
  for (const v of VARIANTS) {
    // The canonical lists at both pre-rendered sizes; the leaner variants at the largest only, whose
    // pages the query engine answers every other size from.
    const options = { filters: v.query, ...(v.query.length ? { sizes: [p.max] } : {}) };
    const all = bk.builds.map((b) => buildJson(bk, b, v.options));
    yield* listPages(p, "v2/builds", all, options);
    yield* listPages(p, `${org}/builds`, all, options);
    for (const pl of bk.pipelines) {
      yield* listPages(
        p,
        `${org}/pipelines/${pl.slug}/builds`,
        [...pl.builds].reverse().map((b) => buildJson(bk, b, v.options)),
        options,
      );
    }
  }
  for (const pl of bk.pipelines) {
    const newest = [...pl.builds].reverse();
    for (const b of newest) {
      const path = `${org}/pipelines/${pl.slug}/builds/${b.number}`;
      for (const v of VARIANTS)
        yield {
          path,
          ...(v.query.length ? { query: Object.fromEntries(v.query) } : {}),
          body: buildJson(bk, b, { detail: true, ...v.options }),
        };
      yield* listPages(
        p,
        `${path}/artifacts`,
        buildArtifacts(bk, b).map((a) => artifactJson(bk, a)),
      );
      for (const j of b.jobs) {
        const base = `${org}/jobs/${j.id}`;
        yield { path: base, body: jobJson(bk, j) };
        yield { path: `${base}/log`, body: logJson(bk, j) };
        yield { path: `${base}/log.txt`, body: { raw: logText(bk, j).content, contentType: "text/plain; charset=utf-8" } };
        yield { path: `${base}/env`, body: jobEnvJson(bk, j) };
        const artifacts = jobArtifacts(bk, j);
        yield* listPages(
          p,
          `${base}/artifacts`,
          artifacts.map((a) => artifactJson(bk, a)),
        );
        for (const a of artifacts) {
          yield { path: `${base}/artifacts/${a.id}`, body: artifactJson(bk, a) };
          // Buildkite answers a download with 302 to a signed storage URL on its artifact host, `{url}` in the body.
          const storage = artifactStorageUrl(a);
          yield { path: `${base}/artifacts/${a.id}/download`, status: 302, headers: { location: storage }, body: { url: storage } };
        }
        // Every annotation is build-scoped: a job's own list is empty.
        yield* listPages(p, `${base}/annotations`, []);
      }
    }
  }
}

/** Each build's annotations, build-scoped. */
export function* annotationResources(bk: BkContext, p: Pagination): Generator<Resource> {
  const org = `v2/organizations/${bk.org.slug}`;
  for (const b of bk.builds) {
    yield* listPages(p, `${org}/pipelines/${b.pipeline.slug}/builds/${b.number}/annotations`, buildAnnotations(bk, b));
  }
}
