import type { Team } from "../../world/types.js";
import type { JsonObject } from "../../core/provider.js";
import { type GlContext, ts } from "./context.js";
import { project } from "./projects.js";

/** The company group, or a team's subgroup inside it. */
export interface GroupRef {
  id: number;
  name: string;
  path: string;
  fullPath: string;
  parentId: number | null;
  description: string;
  createdAt: number;
  team?: Team;
}

export function companyGroup(gl: GlContext): GroupRef {
  const c = gl.world.company;
  return {
    id: gl.groupId(),
    name: c.name,
    path: gl.group,
    fullPath: gl.group,
    parentId: null,
    description: `${c.name} engineering`,
    createdAt: c.foundedAt,
  };
}

export function teamGroup(gl: GlContext, t: Team): GroupRef {
  return {
    id: gl.teamGroupId(t),
    name: t.name,
    path: t.slug,
    fullPath: `${gl.group}/${t.slug}`,
    parentId: gl.groupId(),
    description: t.description,
    createdAt: t.createdAt,
    team: t,
  };
}

export function groupWeb(gl: GlContext, g: GroupRef): string {
  return `${gl.web}/groups/${g.fullPath}`;
}

/** `NamespaceBasic`, as a project's `namespace`. */
export function namespace(gl: GlContext, g: GroupRef): JsonObject {
  return {
    id: g.id,
    name: g.name,
    path: g.path,
    kind: "group",
    full_path: g.fullPath,
    parent_id: g.parentId,
    avatar_url: null,
    web_url: groupWeb(gl, g),
  };
}

/** `Group`: the group as `GET /groups` lists it. */
export function group(gl: GlContext, g: GroupRef): JsonObject {
  return {
    id: g.id,
    web_url: groupWeb(gl, g),
    name: g.name,
    path: g.path,
    description: g.description,
    visibility: "private",
    share_with_group_lock: false,
    require_two_factor_authentication: true,
    two_factor_grace_period: 48,
    project_creation_level: "maintainer",
    auto_devops_enabled: null,
    subgroup_creation_level: "owner",
    emails_disabled: false,
    emails_enabled: true,
    mentions_disabled: null,
    lfs_enabled: true,
    default_branch: null,
    default_branch_protection: 2,
    default_branch_protection_defaults: {
      allowed_to_push: [{ access_level: 40 }],
      allow_force_push: false,
      allowed_to_merge: [{ access_level: 40 }],
    },
    avatar_url: null,
    request_access_enabled: false,
    full_name: g.parentId === null ? g.name : `${gl.world.company.name} / ${g.name}`,
    full_path: g.fullPath,
    created_at: ts(g.createdAt),
    parent_id: g.parentId,
    organization_id: 1,
    shared_runners_setting: "enabled",
    ldap_cn: null,
    ldap_access: null,
    wiki_access_level: "disabled",
  };
}

/**
 * `GET /groups/:id` (`GroupDetail`): with its own projects and the projects shared with it, as GitLab
 * includes them unless `with_projects=false`. A team's subgroup owns no projects; its team's projects are
 * shared with it.
 */
export function groupDetail(gl: GlContext, g: GroupRef): JsonObject {
  const own = g.team ? [] : gl.world.repos;
  const shared = g.team ? gl.world.repos.filter((r) => r.teamId === g.team!.id) : [];
  return {
    ...group(gl, g),
    shared_with_groups: [],
    runners_token: `GR1348941${String(g.id * 7_919).padStart(20, "0")}`,
    enabled_git_access_protocol: "all",
    prevent_sharing_groups_outside_hierarchy: false,
    projects: own.map((r) => project(gl, r)),
    shared_projects: shared.map((r) => project(gl, r)),
    shared_runners_minutes_limit: null,
    extra_shared_runners_minutes_limit: null,
    prevent_forking_outside_group: true,
    membership_lock: false,
  };
}
