import type { JsonObject, JsonValue, Resource } from "../../core/provider.js";
import type { Person, Team } from "../../world/types.js";
import type { PdContext } from "./context.js";
import { pdPages, type PdPagination } from "./paging.js";

/**
 * Users and teams: every engineer who has joined is a user of the account (the company's first admin
 * its `owner`, other admins `admin`, everyone else `user`), in their world team; a team's lead is its
 * `manager`, the others `responder`s. Each user has their e-mail as the default contact method and one
 * high-urgency notification rule on it, as a new PagerDuty user does.
 */
export function role(pd: PdContext, p: Person): string {
  return p.id === pd.owner.id ? "owner" : p.admin ? "admin" : "user";
}

function contactMethodId(pd: PdContext, p: Person): string {
  return pd.id("contact_method", p.id);
}

export function contactMethod(pd: PdContext, p: Person): JsonObject {
  const uid = pd.userId(p.id);
  const id = contactMethodId(pd, p);
  return {
    id,
    type: "email_contact_method",
    summary: "Default",
    self: `${pd.origin}/users/${uid}/contact_methods/${id}`,
    html_url: null,
    label: "Default",
    address: p.email,
    send_short_email: false,
  };
}

export function notificationRule(pd: PdContext, p: Person): JsonObject {
  const uid = pd.userId(p.id);
  const id = pd.id("notification_rule", p.id);
  const cm = contactMethod(pd, p);
  return {
    id,
    type: "assignment_notification_rule",
    summary: `0 minutes: channel ${cm.id as string}`,
    self: `${pd.origin}/users/${uid}/notification_rules/${id}`,
    html_url: null,
    start_delay_in_minutes: 0,
    contact_method: { id: cm.id!, type: "email_contact_method_reference", summary: "Default", self: cm.self!, html_url: null },
    urgency: "high",
  };
}

export function user(pd: PdContext, p: Person): JsonObject {
  const id = pd.userId(p.id);
  const cm = contactMethod(pd, p);
  const rule = notificationRule(pd, p);
  return {
    name: p.name,
    email: p.email,
    time_zone: p.timeZone,
    color: pd.color(p.id),
    avatar_url: pd.avatar(p.email),
    role: role(pd, p),
    description: null,
    invitation_sent: false,
    job_title: p.role,
    teams: [pd.teamRef(p.teamId)],
    contact_methods: [{ id: cm.id!, type: "email_contact_method_reference", summary: "Default", self: cm.self!, html_url: null }],
    notification_rules: [
      { id: rule.id!, type: "assignment_notification_rule_reference", summary: rule.summary!, self: rule.self!, html_url: null },
    ],
    id,
    type: "user",
    summary: p.name,
    self: `${pd.origin}/users/${id}`,
    html_url: `${pd.web}/users/${id}`,
  };
}

export function team(pd: PdContext, t: Team): JsonObject {
  const id = pd.teamId(t.id);
  return {
    id,
    type: "team",
    summary: t.name,
    self: `${pd.origin}/teams/${id}`,
    html_url: `${pd.web}/teams/${id}`,
    name: t.name,
    description: t.description,
    default_role: "manager",
  };
}

const byName = <T extends { name: string }>(a: T, b: T) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** Members of a team who have joined by as-of, the lead first, then by name. */
export function membersOf(pd: PdContext, t: Team): Person[] {
  const people = pd.users.filter((p) => p.teamId === t.id);
  return people.sort((a, b) => (a.id === t.leadId ? -1 : b.id === t.leadId ? 1 : byName(a, b)));
}

export function* peopleResources(pd: PdContext, paging: PdPagination): Generator<Resource> {
  const users = [...pd.users].sort(byName);
  yield* pdPages(
    paging,
    "users",
    "users",
    users.map((p) => user(pd, p)),
  );
  for (const p of users) {
    const id = pd.userId(p.id);
    yield { path: `users/${id}`, body: { user: user(pd, p) } };
    yield { path: `users/${id}/contact_methods`, body: { contact_methods: [contactMethod(pd, p)] } };
    yield { path: `users/${id}/contact_methods/${contactMethodId(pd, p)}`, body: { contact_method: contactMethod(pd, p) } };
    yield { path: `users/${id}/notification_rules`, body: { notification_rules: [notificationRule(pd, p)] } };
    const rule = notificationRule(pd, p);
    yield { path: `users/${id}/notification_rules/${rule.id as string}`, body: { notification_rule: rule } };
  }
  const teams = [...pd.teams].sort(byName);
  yield* pdPages(
    paging,
    "teams",
    "teams",
    teams.map((t) => team(pd, t)),
  );
  for (const t of teams) {
    const id = pd.teamId(t.id);
    yield { path: `teams/${id}`, body: { team: team(pd, t) } };
    const members: JsonValue[] = membersOf(pd, t).map((p) => ({
      user: pd.userRef(p.id),
      role: p.id === t.leadId ? "manager" : "responder",
    }));
    yield* pdPages(paging, `teams/${id}/members`, "members", members);
  }
  // The account's abilities (GET /abilities): what its plan lets it use.
  yield { path: "abilities", body: { abilities: ABILITIES } };
}

export const ABILITIES = [
  "teams",
  "read_only_users",
  "team_responders",
  "service_support_hours",
  "urgencies",
  "manage_schedules",
  "manage_api_keys",
  "coordinated_responding",
  "event_rules",
  "advanced_reports",
  "preview_incident_alert_grouping",
  "response_plays",
  "priorities",
];
