import type { JsonObject, Resource } from "../../core/provider.js";
import { type AnthContext, type AnthInvite, type AnthKey, type AnthMember, type AnthUser, type AnthWorkspace, rfc3339 } from "./context.js";
import { anthPagination, pagesOf } from "./lists.js";

/**
 * The Admin API's organization (`/v1/organizations/…`): the organization itself, its users, invites,
 * workspaces with their members, and API keys, in the shapes of @anthropic-ai/sdk's `OrganizationUser`,
 * `OrganizationInvite`, `Workspace`, `WorkspaceMember` and `APIKey`. Lists are oldest first.
 */
export function user(u: AnthUser): JsonObject {
  return { type: "user", id: u.id, email: u.person.email, name: u.person.name, role: u.role, added_at: rfc3339(u.addedAt) };
}

export function invite(i: AnthInvite): JsonObject {
  return {
    type: "invite",
    id: i.id,
    email: i.email,
    role: i.role,
    invited_at: rfc3339(i.invitedAt),
    expires_at: rfc3339(i.expiresAt),
    status: i.status,
    accepted_at: i.acceptedAt === undefined ? null : rfc3339(i.acceptedAt),
    rbac_group_ids: [],
  };
}

export function workspace(a: AnthContext, w: AnthWorkspace): JsonObject {
  return {
    type: "workspace",
    id: w.id,
    name: w.name,
    created_at: rfc3339(w.createdAt),
    archived_at: null,
    display_color: w.displayColor,
    data_residency: { workspace_geo: "us", allowed_inference_geos: "unrestricted", default_inference_geo: "global" },
    compartment_id: a.uuid(`compartment/${w.id}`),
    external_key_id: null,
    tags: {},
    user_profile_id: null,
  };
}

export function member(m: AnthMember): JsonObject {
  return { type: "workspace_member", user_id: m.user.id, workspace_id: m.workspace.id, workspace_role: m.role };
}

export function apiKey(k: AnthKey): JsonObject {
  return {
    type: "api_key",
    id: k.id,
    name: k.name,
    created_at: rfc3339(k.createdAt),
    created_by: { id: k.user.id, type: "user" },
    expires_at: null,
    partial_key_hint: k.hint,
    principal: { type: "user_actor", user_id: k.user.id },
    scope: { type: "workspace", workspace_id: k.workspace.id },
    status: "active",
  };
}

export function* organizationResources(a: AnthContext): Generator<Resource> {
  const origin = a.pin.origin;
  const p = anthPagination(origin);
  yield { path: "v1/organizations/me", body: { type: "organization", id: a.orgId, name: a.orgName } };

  yield* pagesOf(p, "v1/organizations/users", a.users.map(user));
  for (const u of a.users) yield { path: `v1/organizations/users/${u.id}`, body: user(u) };

  yield* pagesOf(p, "v1/organizations/invites", a.invites.map(invite));
  for (const i of a.invites) yield { path: `v1/organizations/invites/${i.id}`, body: invite(i) };

  yield* pagesOf(
    p,
    "v1/organizations/workspaces",
    a.workspaces.map((w) => workspace(a, w)),
  );
  const members = anthPagination(origin, "user_id");
  for (const w of a.workspaces) {
    const base = `v1/organizations/workspaces/${w.id}`;
    yield { path: base, body: workspace(a, w) };
    const list = a.members.filter((m) => m.workspace === w);
    yield* pagesOf(members, `${base}/members`, list.map(member));
    for (const m of list) yield { path: `${base}/members/${m.user.id}`, body: member(m) };
  }

  yield* pagesOf(p, "v1/organizations/api_keys", a.keys.map(apiKey));
  for (const k of a.keys) yield { path: `v1/organizations/api_keys/${k.id}`, body: apiKey(k) };
}
