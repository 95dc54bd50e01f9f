import { refusalRules, refusedLines, type ParamClasses, type RefusedParam } from "../../core/param-classes.js";
import type { QueryRefusal } from "../../core/provider.js";
import { badRequest } from "./errors.js";

/**
 * Every query parameter of Sentry's published description (test/providers/sentry/spec) on the GET
 * operations this host serves, in one class each (issue 37; test/providers/sentry/parameter-classes.test.ts).
 * A bare name holds on every served operation; `<template> <name>` on one. The refused ones are also the
 * serving profile's refusal rules (`sentryRefusals`): a value outside `allow` gets Sentry's
 * `400 {"detail": "..."}` naming the parameter. Sentry ignores parameters it does not document, so those
 * still pass.
 */
const ORG = "/api/0/organizations/{organization_id_or_slug}";
const PROJECT = "/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}";
const TEAM = "/api/0/teams/{organization_id_or_slug}/{team_id_or_slug}";
const ISSUE = `${ORG}/issues/{issue_id}`;
const RELEASE = `${ORG}/releases/{version}`;

/** `<template> <param>` for each template. */
const on = <T>(templates: string[], param: string, value: T): Record<string, T> =>
  Object.fromEntries(templates.map((t) => [`${t} ${param}`, value]));

/** Any value but Sentry's switch (`request.GET.get(p) == "1"` and its `true` spellings). */
const NOT_ON = "^(?!(1|true|True)$)";

const refused: Record<string, RefusedParam> = {
  // --- organizations
  [`/api/0/organizations/ owner`]: { allow: NOT_ON, why: "no caller is signed in, so none owns an organization" },
  [`${ORG}/ detailed`]: { allow: "^(?!0$)", why: "the organization is answered in detail (with its projects and teams) only" },
  [`${ORG}/teams/ detailed`]: { allow: "^(?!0$)", why: "teams are answered with their projects only" },
  ...on([`${ORG}/environments/`, `${PROJECT}/environments/`], "visibility", {
    allow: "^(active|all)$",
    why: "no environment is hidden: `hidden` would list none, which is not pre-rendered",
  }),
  // --- issues
  ...on([`${ORG}/issues/`, `${PROJECT}/issues/`], "shortIdLookup", {
    allow: NOT_ON,
    why: "the direct hit on a short id is not computed: use /shortids/{short_id}/",
  }),
  [`${ORG}/issues/ groupStatsPeriod`]: { allow: "^24h$", why: "each issue's stats are the last 24 hours only" },
  [`${ORG}/issues/ viewId`]: { why: "no saved issue view exists" },
  ...on([`${ORG}/issues/`, ISSUE + "/", TEAM + "/"], "expand", { why: "the bodies carry their default fields only" }),
  ...on([`${ORG}/issues/`, ISSUE + "/", TEAM + "/", `${ORG}/shortids/{issue_id}/`], "collapse", {
    why: "the bodies are answered whole only",
  }),
  [`${PROJECT}/issues/ hashes`]: { why: "issues by event hash are not served" },
  ...on(
    [`${ISSUE}/`, `${ISSUE}/events/{event_id}/`, `${ISSUE}/tags/{key}/`, `${ISSUE}/tags/{key}/values/`, `${PROJECT}/events/{event_id}/`],
    "environment",
    { why: "counts and neighbours are answered over every environment only" },
  ),
  ...on([`${ISSUE}/events/`, `${PROJECT}/events/`], "sample", { allow: NOT_ON, why: "events are listed newest first only" }),
  [`${ISSUE}/events/ query`]: { allow: "^$", why: "an issue's events are filtered by time and environment only" },
  [`${ISSUE}/events/{event_id}/ llmFormat`]: { allow: NOT_ON, why: "events are answered in the API's own format only" },
  [`${ISSUE}/tags/{key}/values/ sort`]: { allow: "^-?count$", why: "tag values are listed by count only" },
  // --- releases and repositories
  ...on([`${ORG}/releases/`, `${PROJECT}/releases/`], "environment", { why: "releases carry no environments here" }),
  [`${RELEASE}/ project_id`]: { why: "a release's neighbours within a project (currentProjectMeta) are not computed" },
  [`${RELEASE}/ project`]: { why: "a release's neighbours within a project (currentProjectMeta) are not computed" },
  [`${RELEASE}/ health`]: { allow: NOT_ON, why: "release health (sessions) is not served" },
  [`${RELEASE}/ adoptionStages`]: { allow: NOT_ON, why: "release adoption (sessions) is not served" },
  [`${ORG}/repos/ status`]: { allow: "^active$", why: "every repository is active" },
  [`${ORG}/repos/ integration_id`]: { why: "repositories are not tied to integrations here" },
  [`${ORG}/repos/ expand`]: { why: "repositories carry their default fields only" },
};

/**
 * The release detail reads `sort`, `status` and `query` only to find the release's neighbours within the
 * project named by `project_id` (OrganizationReleaseDetailsEndpoint's currentProjectMeta), and the stats
 * periods only with `health=1`: without those (refused) Sentry ignores them.
 */
const RELEASE_NEIGHBOURS = "read only with project_id (refused), for currentProjectMeta: ignored without it, as Sentry does";
const HEALTH_ONLY = "read only with health=1 (refused): ignored without it, as Sentry does";

export const sentryParams: ParamClasses = {
  unserved: [],
  computed: {
    cursor: "pagination (cursor-link): Sentry's `0:<offset>:<is_prev>` cursors",
    per_page: "pagination: 100 at most, Sentry's 400 over it",
    limit: "pagination of the issue lists: clamped to 100",
    [`/api/0/organizations/ query`]: "lists.ts: slug or name contains",
    [`${ORG}/projects/ query`]: "lists.ts: slug or name contains",
    [`${ORG}/teams/ query`]: "lists.ts: slug or name contains",
    [`${ORG}/repos/ query`]: "lists.ts: name contains",
    ...on([`${ORG}/releases/`, `${PROJECT}/releases/`], "query", "lists.ts: version contains, any case"),
    [`${ORG}/releases/ project`]: "lists.ts: project id or slug, repeated; -1 for all",
    ...on([`${ORG}/issues/`, `${PROJECT}/issues/`], "query", "lists.ts issueSearch: Sentry's search syntax"),
    ...on([`${ORG}/issues/`, `${PROJECT}/issues/`], "sort", "lists.ts issueSort: date, new, freq, user"),
    [`${ORG}/issues/ project`]: "lists.ts: project id or slug, repeated; -1 for all",
    [`${ORG}/issues/ environment`]: "lists.ts: the issues with events in the environment, repeated: any of them",
    ...on([`${ORG}/issues/`, `${ISSUE}/events/`, `${PROJECT}/events/`], "statsPeriod", "lists.ts window: last seen / created within it"),
    ...on([`${ORG}/issues/`, `${ISSUE}/events/`, `${PROJECT}/events/`], "start", "lists.ts window"),
    ...on([`${ORG}/issues/`, `${ISSUE}/events/`, `${PROJECT}/events/`], "end", "lists.ts window"),
    [`${ISSUE}/events/ environment`]: "lists.ts: the event's environment tag, repeated: any of them",
  },
  refused: refusedLines(refused),
  ignored: {
    [`/api/0/organizations/ sortBy`]: "the list holds the one organization: every order is the same list",
    [`${RELEASE}/ sort`]: RELEASE_NEIGHBOURS,
    [`${RELEASE}/ status`]: RELEASE_NEIGHBOURS,
    [`${RELEASE}/ query`]: RELEASE_NEIGHBOURS,
    [`${RELEASE}/ summaryStatsPeriod`]: HEALTH_ONLY,
    [`${RELEASE}/ healthStatsPeriod`]: HEALTH_ONLY,
  },
  unhandled: {
    ...on(
      [`${ISSUE}/events/`, `${PROJECT}/events/`],
      "full",
      "full=true (Airbyte's events stream) should answer whole events (entries, contexts); the list items are answered",
    ),
    [`${PROJECT}/issues/ statsPeriod`]:
      "the items' stats period here: `statsPeriod=` (Airbyte) should drop `stats`, `14d` give daily buckets; 24h buckets are answered",
  },
};

/** Sentry's wording for a refused parameter, in its `{"detail": ...}` body. */
const MESSAGE = "Invalid {param} parameter: '{value}' is not answered by this snapshot ({why}).";

/** The rules for refused parameters, each template as a key-path regex. */
export function sentryRefusals(): QueryRefusal[] {
  return refusalRules(refused, { pathOf, message: MESSAGE, error: badRequest });
}

/** A description's template as a served key-path regex: no leading slash, the trailing slash optional. */
export function pathOf(template: string): string {
  const source = template
    .slice(1)
    .replace(/\/$/, "")
    .replace(/[.*+^$()|[\]\\]/g, "\\$&")
    .replace(/\{[^}]+\}/g, "[^/]+");
  return `^${source}/?$`;
}
