import type { JsonObject, Resource } from "../../core/provider.js";
import {
  type OaiAdminKey,
  type OaiContext,
  type OaiInvite,
  type OaiKey,
  type OaiProject,
  type OaiProjectMember,
  type OaiUser,
  sec,
} from "./context.js";
import { cursorList, oaiPagination } from "./lists.js";

/**
 * The Administration API's organization: users, projects with their users and API keys, admin API keys
 * and invites. Lists are in creation order (oldest first), as OpenAI returns them.
 */
export function user(u: OaiUser): JsonObject {
  return { object: "organization.user", id: u.id, name: u.person.name, email: u.person.email, role: u.role, added_at: sec(u.addedAt) };
}

export function project(p: OaiProject): JsonObject {
  return { id: p.id, object: "organization.project", name: p.name, created_at: sec(p.createdAt), archived_at: null, status: "active" };
}

function projectUser(m: OaiProjectMember): JsonObject {
  return {
    object: "organization.project.user",
    id: m.user.id,
    name: m.user.person.name,
    email: m.user.person.email,
    role: m.role,
    added_at: sec(m.addedAt),
  };
}

function projectKey(oai: OaiContext, k: OaiKey): JsonObject {
  const member = oai.members.get(k.project)!.find((m) => m.user === k.user)!;
  return {
    object: "organization.project.api_key",
    redacted_value: k.redacted,
    name: k.name,
    created_at: sec(k.createdAt),
    last_used_at: k.lastUsedAt === undefined ? null : sec(k.lastUsedAt),
    id: k.id,
    owner_project_access: "active",
    owner: {
      type: "user",
      user: { id: k.user.id, name: k.user.person.name, email: k.user.person.email, role: member.role, created_at: sec(member.addedAt) },
    },
  };
}

function adminKey(k: OaiAdminKey): JsonObject {
  return {
    object: "organization.admin_api_key",
    id: k.id,
    name: k.name,
    redacted_value: k.redacted,
    created_at: sec(k.createdAt),
    expires_at: null,
    last_used_at: sec(k.lastUsedAt),
    owner: {
      type: "user",
      object: "organization.user",
      id: k.owner.id,
      name: k.owner.person.name,
      created_at: sec(k.owner.addedAt),
      role: k.owner.role,
    },
  };
}

function invite(i: OaiInvite): JsonObject {
  return {
    object: "organization.invite",
    id: i.id,
    email: i.email,
    role: i.role,
    status: i.status,
    created_at: sec(i.createdAt),
    expires_at: sec(i.expiresAt),
    accepted_at: i.acceptedAt === undefined ? null : sec(i.acceptedAt),
    projects: [{ id: i.project.id, role: "member" }],
  };
}

const ACCESS = ["active", "any"] as const;

export function* organizationResources(oai: OaiContext): Generator<Resource> {
  const p = oaiPagination(oai.pin.origin);
  const users = oai.users.map(user);
  yield* cursorList(p, "v1/organization/users", users);
  // `emails[]` filters the list; one email at a time is pre-rendered.
  for (const u of oai.users) {
    yield { path: `v1/organization/users/${u.id}`, body: user(u) };
    yield* cursorList(p, "v1/organization/users", [user(u)], [["emails", u.person.email]]);
  }

  yield* cursorList(p, "v1/organization/projects", oai.projects.map(project));
  for (const proj of oai.projects) {
    const base = `v1/organization/projects/${proj.id}`;
    yield { path: base, body: project(proj) };
    const members = oai.members.get(proj)!;
    yield* cursorList(p, `${base}/users`, members.map(projectUser));
    for (const m of members) yield { path: `${base}/users/${m.user.id}`, body: projectUser(m) };
    const keys = oai.keys.filter((k) => k.project === proj).map((k) => projectKey(oai, k));
    yield* cursorList(p, `${base}/api_keys`, keys);
    for (const access of ACCESS) yield* cursorList(p, `${base}/api_keys`, keys, [["owner_project_access", access]]);
    yield* cursorList(p, `${base}/api_keys`, [], [["owner_project_access", "inactive"]]);
    for (const k of oai.keys.filter((x) => x.project === proj)) yield { path: `${base}/api_keys/${k.id}`, body: projectKey(oai, k) };
  }

  const admins = oai.adminKeys.map(adminKey);
  yield* cursorList(p, "v1/organization/admin_api_keys", admins);
  yield* cursorList(p, "v1/organization/admin_api_keys", [...admins].reverse(), [["order", "desc"]]);
  for (const k of oai.adminKeys) yield { path: `v1/organization/admin_api_keys/${k.id}`, body: adminKey(k) };

  yield* cursorList(p, "v1/organization/invites", oai.invites.map(invite));
  for (const i of oai.invites) yield { path: `v1/organization/invites/${i.id}`, body: invite(i) };
}
