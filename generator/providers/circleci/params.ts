import { refusalRules, refusedLines, type ParamClasses, type RefusedParam } from "../../core/param-classes.js";
import type { QueryRefusal } from "../../core/provider.js";
import { badRequest } from "./errors.js";

/**
 * Every query parameter of CircleCI's published v2 description (test/providers/circleci/spec) on the GET
 * operations this host serves, in one class each (issue 37; test/providers/circleci/parameter-classes.test.ts).
 * A bare name holds on every served operation; `<template> <name>` on one. Templates are the
 * description's, without the `/api/v2` prefix. The refused ones are also the serving profile's refusal
 * rules (`circleciRefusals`): a value gets CircleCI's `400 {"message": "..."}` naming the parameter.
 */
const INSIGHTS = "/insights/{project-slug}";
const WORKFLOW = `${INSIGHTS}/workflows/{workflow-name}`;
const PAGES_SUMMARY = "/insights/pages/{project-slug}/summary";
const ORG_SUMMARY = "/insights/{org-slug}/summary";

/** `<template> <param>` for each template. */
const on = <T>(templates: string[], param: string, value: T): Record<string, T> =>
  Object.fromEntries(templates.map((t) => [`${t} ${param}`, value]));

const refused: Record<string, RefusedParam> = {
  [`${PAGES_SUMMARY} branches`]: { why: "the project summary is pre-rendered over every branch only" },
  [`${PAGES_SUMMARY} workflow-names`]: { why: "the project summary is pre-rendered over every workflow only" },
  [`${ORG_SUMMARY} project-names`]: { why: "the organization summary is pre-rendered over every project only" },
};

/** The branch picks insights.ts pre-renders: the default branch, `all-branches=true`, each branch built within 90 days. */
const PICKS = "insights.ts: pre-rendered per pick (the default branch, every branch, each branch built within 90 days)";

export const circleciParams: ParamClasses = {
  unserved: [],
  computed: {
    "page-token": "pagination (continuation-token): the body's next_page_token",
    "org-slug": "lists.ts selector: the organization's pipelines (gh/, github/ and circleci/ spellings)",
    "/pipeline mine": "lists.ts: the token holder's pipelines",
    "/project/{project-slug}/pipeline branch": "lists.ts: vcs.branch",
    "owner-id": "lists.ts selector: the organization's contexts",
    "owner-slug": "lists.ts selector: the organization's contexts",
    "owner-type": "lists.ts selector: organization (the default) or account",
    ...on(
      [`${INSIGHTS}/workflows`, `${WORKFLOW}/jobs`, PAGES_SUMMARY, ORG_SUMMARY],
      "reporting-window",
      "insights.ts: pre-rendered per window",
    ),
    ...on([`${INSIGHTS}/workflows`, WORKFLOW, `${WORKFLOW}/jobs`, `${WORKFLOW}/summary`], "branch", PICKS),
    ...on([`${INSIGHTS}/workflows`, WORKFLOW, `${WORKFLOW}/jobs`, `${WORKFLOW}/summary`], "all-branches", PICKS),
    [`${WORKFLOW} start-date`]: "lists.ts: created at or after",
    [`${WORKFLOW} end-date`]: "lists.ts: created before",
    [`${WORKFLOW}/jobs job-name`]: "lists.ts: the job's name",
    [`${INSIGHTS}/branches workflow-name`]: "insights.ts: pre-rendered per workflow",
  },
  refused: refusedLines(refused),
  ignored: {},
  unhandled: {},
};

/** The rules for refused parameters, each template (after `/api/v2`) as a key-path regex. */
export function circleciRefusals(): QueryRefusal[] {
  return refusalRules(refused, {
    pathOf,
    message: "Invalid query parameter '{param}': '{value}' is not answered by this snapshot ({why}).",
    error: badRequest,
  });
}

/**
 * A description's template as a served key-path regex under `api/v2/`: a project slug is three segments
 * (`gh/<org>/<repo>`), an organization slug two (`gh/<org>`), any other placeholder one.
 */
export function pathOf(template: string): string {
  const source = template
    .slice(1)
    .replace(/[.*+^$()|[\]\\]/g, "\\$&")
    .replace(/\{project-slug\}/g, "[^/]+/[^/]+/[^/]+")
    .replace(/\{org-slug\}/g, "[^/]+/[^/]+")
    .replace(/\{[^}]+\}/g, "[^/]+");
  return `^api/v2/${source}$`;
}
