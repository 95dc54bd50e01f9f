import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { annotation, artifact, build, job, member, organization, pipeline, user } from "./schema.js";

/**
 * The validators against the vendored reference pages (spec/README.md): every field a data-model table
 * documents is one the validator knows (less the exceptions named below, each with its reason), and
 * every field the validator accepts is named by the page, in its table or in an example answer.
 */
const spec = (name: string) => readFileSync(join(import.meta.dirname, "spec", name), "utf8");

/** The field names of the `<th><code>…</code></th>` rows of a `## <title>` section. */
function table(page: string, title: string): string[] {
  const start = page.indexOf(`## ${title}`);
  expect(start, title).toBeGreaterThanOrEqual(0);
  const section = page.slice(start, page.indexOf("\n## ", start + 3));
  return [...section.matchAll(/<th><code>([a-z_]+)<\/code><\/th>/g)].map((m) => m[1]!);
}

const keys = (schema: z.ZodObject) => Object.keys(schema.shape);

const cases: Array<{ name: string; schema: z.ZodObject; page: string; title?: string; absent?: Record<string, string> }> = [
  { name: "build", schema: build, page: "builds.md", title: "Build data model" },
  {
    name: "job",
    schema: job,
    page: "builds.md",
    title: "Job data model",
    absent: {
      artifact_url: "the table's spelling: every example, the Jobs API and go-buildkite write artifacts_url",
      promised_exit_status: "omitted unless the job promised failure",
      promised_exit_status_at: "omitted unless the job promised failure",
      async: "trigger jobs only",
      triggered_build: "trigger jobs only",
    },
  },
  {
    name: "pipeline",
    schema: pipeline,
    page: "pipelines.md",
    title: "Pipeline data model",
    absent: { clone_mirror_url: "omitted while clone mirrors are not enabled for the organization" },
  },
  { name: "member", schema: member, page: "organizations_members.md", title: "Organization member data model" },
  { name: "organization", schema: organization, page: "organizations.md" },
  { name: "user", schema: user, page: "user.md" },
  { name: "artifact", schema: artifact, page: "artifacts.md" },
  { name: "annotation", schema: annotation, page: "annotations.md" },
];

describe("Buildkite validators and the REST reference", () => {
  it.each(cases)("$name: knows every documented field, and accepts only documented ones", ({ schema, page, title, absent }) => {
    const text = spec(page);
    if (title) {
      const documented = table(text, title).filter((f) => !(f in (absent ?? {})));
      expect(documented.filter((f) => !keys(schema).includes(f))).toStrictEqual([]);
    }
    const jobsPage = spec("jobs.md");
    expect(
      keys(schema).filter((k) => !text.includes(`"${k}"`) && !text.includes(`<code>${k}</code>`) && !jobsPage.includes(`"${k}"`)),
    ).toStrictEqual([]);
  });
});
