import type { ParamClasses } from "../../core/param-classes.js";
import type { QueryRefusal } from "../../core/provider.js";

/**
 * Every query parameter of the GET operations of PagerDuty's published description that this host
 * serves, in one class each (issue 37; test/providers/pd/parameter-classes.test.ts). A bare name holds on
 * every served operation; `<template> <name>` on one. The refused ones are also the serving profile's
 * refusal rules (`pdRefusals`): a value outside `allow` gets PagerDuty's 400 Invalid Input Provided
 * (2001) naming the parameter in `errors`, as PagerDuty words a rejected parameter ("Status must be a
 * list of triggered, acknowledged, or resolved.").
 */

/** A refused parameter: the values still answered as if absent (a regex; absent: none) and why it is refused. */
interface Refused {
  allow?: string;
  why: string;
}

/** The account's zone is UTC (README): naming it renders the same times. */
const UTC = "^(UTC|Etc/UTC|Etc/GMT|GMT)$";
const UTC_ONLY: Refused = { allow: UTC, why: "times are rendered in UTC, the account's zone" };
const FALSE = "^false$";

/** `<template> <param>` for each template. */
const on = <T>(templates: string[], param: string, value: T): Record<string, T> =>
  Object.fromEntries(templates.map((t) => [`${t} ${param}`, value]));

/** Operations whose `include[]` side-loads objects this host does not make whole. */
const NOT_INCLUDED = [
  "/escalation_policies",
  "/escalation_policies/{id}",
  "/incidents/{id}",
  "/incidents/{id}/alerts",
  "/incidents/{id}/log_entries",
  "/log_entries",
  "/log_entries/{id}",
  "/schedules",
  "/services",
  "/services/{id}",
  "/services/{id}/integrations/{integration_id}",
  "/teams/{id}",
  "/teams/{id}/members",
  "/users",
  "/users/{id}",
  "/users/{id}/notification_rules",
  "/users/{id}/notification_rules/{notification_rule_id}",
  "/users/me",
];

const refused: Record<string, Refused> = {
  ...on(NOT_INCLUDED, "include[]", { why: "this snapshot side-loads objects on the incident and on-call lists only" }),
  ...on(
    ["/incidents", "/oncalls", "/services", "/schedules", "/log_entries", "/log_entries/{id}", "/incidents/{id}/log_entries"],
    "time_zone",
    UTC_ONLY,
  ),
  "/schedules/{id} time_zone": { why: "a schedule is rendered in its own zone only" },
  ...on(["/schedules", "/schedules/{id}"], "include_next_oncall_for_user", { why: "a user's next on-call is not rendered on schedules" }),
  ...on(["/log_entries", "/incidents/{id}/log_entries"], "is_overview", {
    allow: FALSE,
    why: "the overview subset of log entries is not computed",
  }),
  "/users/{id}/notification_rules urgency": {
    allow: "^(high|all)$",
    why: "every user here has high-urgency rules only: high and all list them; low is not computed",
  },
};

export const pdParams: ParamClasses = {
  unserved: [],
  computed: {
    limit: "paging.ts: 25 by default, clamped to 1..100",
    offset: "paging.ts: offset + limit past 10,000 is 400 (2002)",
    total: "paging.ts: a selector, `total` filled only for total=true",
    query: "lists.ts: part of the name (users: or e-mail)",
    "team_ids[]": "lists.ts / incident-list.ts: any of the teams",
    "user_ids[]": "lists.ts (policy targets), incident-list.ts (assignees), oncall-data.ts (the on-call user)",
    sort_by: "lists.ts byName, incident-list.ts sortSpec (incidents, alerts)",
    "statuses[]": "incident-list.ts / lists.ts: any of the statuses; another value is 400",
    since: "incident-list.ts, oncall-data.ts, schedules.ts windows; lists.ts log entries created at or after",
    until: "incident-list.ts, oncall-data.ts, schedules.ts windows; lists.ts log entries created before",
    "/services name": "lists.ts: the exact name",
    "/incidents date_range": "incident-list.ts: all drops the window; another value is 400",
    "/incidents incident_key": "incident-list.ts",
    "/incidents service_ids[]": "incident-list.ts",
    "/incidents urgencies[]": "incident-list.ts: high or low; another value is 400",
    "/incidents include[]": "includes.ts: the references made whole",
    "/incidents/{id}/alerts alert_key": "lists.ts",
    "/oncalls include[]": "oncall-data.ts: users, escalation_policies, schedules made whole",
    "/oncalls earliest": "oncall-data.ts: each user's earliest entry per policy and level",
    "/oncalls escalation_policy_ids[]": "oncall-data.ts",
    "/oncalls schedule_ids[]": "oncall-data.ts",
    "/schedules/{id} overflow": "schedules.ts: entries not cut at the bounds",
  },
  refused: Object.fromEntries(
    Object.entries(refused).map(([k, r]) => [k, `400 (2001) naming it${r.allow ? ` unless ${r.allow}` : ""}: ${r.why}`]),
  ),
  ignored: {
    // The description: "When provided with include[] for schedule types, populates the schedule entries"; include[] is refused here.
    "/schedules since": "renders the subschedules of include[] only, which is refused: the list is the same",
    "/schedules until": "renders the subschedules of include[] only, which is refused: the list is the same",
  },
  unhandled: {},
};

/** The rules for refused parameters: each key's template as a path regex over the served key. */
export function pdRefusals(): QueryRefusal[] {
  const message = "{param} is not answered by this snapshot (value '{value}'): {why}.";
  const rules: QueryRefusal[] = [];
  for (const [key, r] of Object.entries(refused)) {
    const at = key.lastIndexOf(" ");
    const template = key.slice(0, at);
    const param = key.slice(at + 1);
    // PagerDuty reads an array parameter with or without its brackets: both are refused.
    for (const name of param.endsWith("[]") ? [param, param.slice(0, -2)] : [param])
      rules.push({ param: name, path: pathOf(template), ...(r.allow ? { allow: r.allow } : {}), message: message.replace("{why}", r.why) });
  }
  return rules;
}

/** A description's template as a regex over the served key (no leading slash); `me` is not a user id. */
export function pathOf(template: string): string {
  return `^${template.slice(1).replace(/\{[^}]+\}/g, "[^/]+")}$`;
}
