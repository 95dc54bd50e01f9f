import { refusalRules, refusedLines, type ParamClasses, type RefusedParam } from "../../core/param-classes.js";
import type { QueryRefusal } from "../../core/provider.js";
import { badRequest } from "./errors.js";

/**
 * Every query parameter Buildkite's REST reference documents (the vendored pages of
 * test/providers/buildkite/spec, whose parameter tables the test parses: Buildkite publishes no OpenAPI
 * description) on the GET endpoints this host serves, in one class each (issue 37;
 * test/providers/buildkite/parameter-classes.test.ts). A bare name holds on every served endpoint;
 * `<template> <name>` on one, the template as the reference's curl example spells it. The refused ones
 * are also the serving profile's refusal rules (`buildkiteRefusals`): a value outside `allow` gets
 * Buildkite's `422 {"message": "..."}` naming the parameter, as it answers a parameter it cannot read.
 */
const ORG = "/v2/organizations/{org.slug}";
const PIPELINE_BUILDS = `${ORG}/pipelines/{pipeline.slug}/builds`;
const BUILD_LISTS = ["/v2/builds", `${ORG}/builds`, PIPELINE_BUILDS];
const BUILD = `${PIPELINE_BUILDS}/{number}`;
const BUILD_ANNOTATIONS = `${PIPELINE_BUILDS}/{build.number}/annotations`;
const ARTIFACT_LISTS = [
  `${PIPELINE_BUILDS}/{build.number}/artifacts`,
  `${ORG}/jobs/{job.id}/artifacts`,
  `${PIPELINE_BUILDS}/{build.number}/jobs/{job.id}/artifacts`,
];

/** `<template> <param>` for each template. */
const on = <T>(templates: string[], param: string, value: T): Record<string, T> =>
  Object.fromEntries(templates.map((t) => [`${t} ${param}`, value]));

const FALSE = "^(false|0)$";

const refused: Record<string, RefusedParam> = {
  [`${ORG}/agents cluster_queue_id`]: { why: "the agents run unclustered: agents by cluster queue are not listed" },
  [`${BUILD} include_test_engine`]: { allow: FALSE, why: "builds carry no Test Engine data" },
  [`${BUILD} job_states[]`]: { why: "a build embeds all its jobs only" },
  [`${BUILD_ANNOTATIONS} omit_body`]: { allow: FALSE, why: "annotations are answered with their bodies only" },
};

/** No job here is retried (every job's `retried` is false, builds.ts): the retried executions add none. */
const NO_RETRIES = "no job is retried (each job's `retried` is false): the jobs list is the same either way";
/**
 * "Unclustered jobs are always included" (_builds_list_query_strings.md, `include_paused`): the agents
 * run unclustered (`clusters` is empty), so no build is left out and no job omitted.
 */
const UNCLUSTERED = "the docs: 'Unclustered jobs are always included'; every job here is unclustered, so the answer is the same";

export const buildkiteParams: ParamClasses = {
  unserved: [],
  computed: {
    page: "pagination (link-header)",
    per_page: "pagination: 30 by default, capped at 100",
    ...on([`${ORG}/agents`], "name", "lists.ts: exact name"),
    ...on([`${ORG}/agents`], "hostname", "lists.ts: exact hostname"),
    ...on([`${ORG}/agents`], "version", "lists.ts: exact version"),
    [`${ORG}/pipelines name`]: "lists.ts: a part of the name, any case",
    [`${ORG}/pipelines repository`]: "lists.ts: a part of the repository URL, any case",
    ...on(BUILD_LISTS, "branch", "lists.ts BUILD_FILTERS: branch or branch[], any of them"),
    ...on(BUILD_LISTS, "commit", "lists.ts BUILD_FILTERS: commit or commit[], any of them"),
    ...on(BUILD_LISTS, "state", "lists.ts BUILD_FILTERS: state or state[]; finished = passed, failed, blocked, canceled"),
    ...on(BUILD_LISTS, "creator", "lists.ts BUILD_FILTERS: the creator's user id"),
    ...on(BUILD_LISTS, "created_from", "lists.ts BUILD_FILTERS: created on or after"),
    ...on(BUILD_LISTS, "created_to", "lists.ts BUILD_FILTERS: created before"),
    ...on(BUILD_LISTS, "finished_from", "lists.ts BUILD_FILTERS: finished on or after"),
    ...on([...BUILD_LISTS, BUILD], "exclude_jobs", "lists.ts BUILD_SELECTORS: a pre-rendered variant without jobs"),
    ...on([...BUILD_LISTS, BUILD], "exclude_pipeline", "lists.ts BUILD_SELECTORS: a pre-rendered variant without the pipeline"),
    ...on(ARTIFACT_LISTS, "state", "lists.ts: new, error, finished, deleted, expired; another is Buildkite's 422"),
    ...on(ARTIFACT_LISTS, "path", "lists.ts: the exact path"),
    [`${BUILD_ANNOTATIONS} scope`]: "lists.ts: build (the default), job, all",
  },
  refused: refusedLines(refused, 422),
  ignored: {
    ...on([...BUILD_LISTS, BUILD], "include_retried_jobs", NO_RETRIES),
    ...on(BUILD_LISTS, "include_paused", UNCLUSTERED),
  },
  unhandled: {
    ...on(
      BUILD_LISTS,
      "meta_data",
      "`meta_data[key]=value` should list none (no build carries meta-data); the query engine reads no bracketed key family",
    ),
  },
};

/** The rules for refused parameters, each template as a key-path regex. */
export function buildkiteRefusals(): QueryRefusal[] {
  return refusalRules(refused, {
    pathOf,
    message: "{param} is not answered by this snapshot ('{value}'): {why}.",
    error: badRequest,
  });
}

/** A reference template (`/v2/organizations/{org.slug}/…`) as a served key-path regex. */
export function pathOf(template: string): string {
  const source = template
    .slice(1)
    .replace(/[.*+^$()|[\]\\]/g, "\\$&")
    .replace(/\{[^}]+\}/g, "[^/]+");
  return `^${source}$`;
}
