import { keyedHex } from "../../core/keyed.js";
import type { JsonValue } from "../../core/provider.js";
import type { BkBuild, BkContext, BkJob } from "./context.js";

/**
 * Artifacts (pages/apis/rest_api/artifacts.md): a finished `build` job uploads the package it built,
 * a finished `test` job its JUnit report (failing or not); other jobs upload nothing. Sizes and
 * checksums are keyed by the job. The download is a 302 to the artifact's storage URL (another host: the
 * bytes are not served).
 */
export interface BkArtifact {
  job: BkJob;
  id: string;
  path: string;
  mimeType: string;
  size: number;
  sha1: string;
}

export function jobArtifacts(bk: BkContext, j: BkJob): BkArtifact[] {
  if (j.job.status !== "completed") return [];
  const key = (what: string) => keyedHex([bk.world.generation.seed, "buildkite", "artifact", j.id, what], 40);
  const make = (path: string, mimeType: string, base: number, spread: number): BkArtifact => ({
    job: j,
    id: bk.uuid(`artifact/${j.id}/${path}`),
    path,
    mimeType,
    size: base + (parseInt(key(path).slice(0, 6), 16) % spread),
    sha1: key(`sha1/${path}`),
  });
  const sha = j.build.run.headSha.slice(0, 7);
  if (j.job.name === "build" && j.job.conclusion === "success")
    return [make(`dist/${j.build.pipeline.slug}-${sha}.tar.gz`, "application/x-gzip", 400_000, 600_000)];
  if (j.job.name === "test") return [make("test-results/junit.xml", "application/xml", 8_000, 40_000)];
  return [];
}

export function buildArtifacts(bk: BkContext, b: BkBuild): BkArtifact[] {
  return b.jobs.flatMap((j) => jobArtifacts(bk, j));
}

/** Where Buildkite's download redirects: the artifact on its storage host, by id and path (unsigned here). */
export function artifactStorageUrl(a: BkArtifact): string {
  return `https://buildkiteartifacts.com/${a.id}/${a.path}`;
}

export function artifactJson(bk: BkContext, a: BkArtifact): JsonValue {
  const url = bk.jobApi(a.job, `/artifacts/${a.id}`);
  const slash = a.path.lastIndexOf("/");
  return {
    id: a.id,
    job_id: a.job.id,
    url,
    download_url: `${url}/download`,
    state: "finished",
    path: a.path,
    dirname: slash < 0 ? "." : a.path.slice(0, slash),
    filename: a.path.slice(slash + 1),
    mime_type: a.mimeType,
    file_size: a.size,
    glob_path: a.path.startsWith("dist/") ? "dist/*" : "test-results/*.xml",
    original_path: a.path,
    sha1sum: a.sha1,
  };
}
