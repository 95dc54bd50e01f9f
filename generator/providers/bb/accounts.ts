import type { Person, Team } from "../../world/types.js";
import type { JsonObject } from "../../core/provider.js";
import { type BbContext, bbTime, enc, href } from "./context.js";

function avatar(bb: BbContext, p: Person): string {
  const initials = `${p.firstName[0] ?? ""}${p.lastName[0] ?? ""}`.toUpperCase();
  return `https://avatars.${bb.pin.catalog.serviceDomain}/bitbucket/initials/${initials}-${p.id % 7}.png`;
}

/** A user as Bitbucket embeds one (author, reviewer, member): the condensed `account`. */
export function user(bb: BbContext, p: Person): JsonObject {
  return bb.once(`user/${p.id}`, () => ({
    display_name: p.name,
    links: {
      self: href(`${bb.api}/users/${enc(bb.personUuid(p))}`),
      avatar: href(avatar(bb, p)),
      html: href(`${bb.web}/${enc(bb.personUuid(p))}/`),
    },
    type: "user",
    uuid: bb.personUuid(p),
    account_id: bb.accountId(p),
    nickname: p.handles.bitbucket,
  }));
}

/** `GET /2.0/users/{uuid}`: the public profile. `GET /2.0/user` adds the viewer's `username`. */
export function fullUser(bb: BbContext, p: Person, self = false): JsonObject {
  const u = enc(bb.personUuid(p));
  return {
    display_name: p.name,
    links: {
      self: href(`${bb.api}/users/${u}`),
      avatar: href(avatar(bb, p)),
      repositories: href(`${bb.api}/repositories/${u}`),
      snippets: href(`${bb.api}/snippets/${u}`),
      html: href(`${bb.web}/${u}/`),
      hooks: href(`${bb.api}/workspaces/${u}/hooks`),
    },
    created_on: bbTime(p.joinedAt),
    type: "user",
    uuid: bb.personUuid(p),
    has_2fa_enabled: null,
    ...(self ? { username: p.handles.bitbucket } : {}),
    is_staff: false,
    account_id: bb.accountId(p),
    nickname: p.handles.bitbucket,
    account_status: "active",
    location: null,
  };
}

function workspaceAvatar(bb: BbContext): string {
  return `${bb.web}/workspaces/${bb.ws}/avatar/?ts=${Math.floor(bb.world.company.foundedAt / 1000)}`;
}

/** The workspace as repositories and projects embed it. */
export function workspaceRef(bb: BbContext): JsonObject {
  return bb.once("workspace-ref", () => ({
    type: "workspace",
    uuid: bb.workspaceUuid(),
    name: bb.world.company.name,
    slug: bb.ws,
    links: {
      avatar: href(workspaceAvatar(bb)),
      html: href(`${bb.web}/${bb.ws}/`),
      self: href(`${bb.api}/workspaces/${bb.ws}`),
    },
  }));
}

/** `GET /2.0/workspaces/{workspace}`. */
export function workspace(bb: BbContext): JsonObject {
  const w = `${bb.api}/workspaces/${bb.ws}`;
  return {
    type: "workspace",
    uuid: bb.workspaceUuid(),
    name: bb.world.company.name,
    slug: bb.ws,
    is_private: true,
    is_privacy_enforced: false,
    forking_mode: "internal_only",
    links: {
      avatar: href(workspaceAvatar(bb)),
      html: href(`${bb.web}/${bb.ws}/`),
      members: href(`${w}/members`),
      owners: href(`${w}/members?q=permission%3D%22owner%22`),
      projects: href(`${w}/projects`),
      repositories: href(`${bb.api}/repositories/${bb.ws}`),
      snippets: href(`${bb.api}/snippets/${bb.ws}`),
      self: href(w),
    },
    created_on: bbTime(bb.world.company.foundedAt),
    updated_on: bbTime(bb.world.company.foundedAt),
  };
}

/** The workspace as the owner of its repositories and projects: an account of type `team`. */
export function workspaceOwner(bb: BbContext): JsonObject {
  return bb.once("workspace-owner", () => ({
    display_name: bb.world.company.name,
    links: {
      self: href(`${bb.api}/workspaces/${enc(bb.workspaceUuid())}`),
      avatar: href(workspaceAvatar(bb)),
      html: href(`${bb.web}/${enc(bb.workspaceUuid())}/`),
    },
    type: "team",
    uuid: bb.workspaceUuid(),
    username: bb.ws,
  }));
}

/** `GET /2.0/user/workspaces`: the current API's list of the caller's workspaces. */
export function workspaceAccess(bb: BbContext): JsonObject {
  return {
    type: "workspace_access",
    administrator: bb.viewer.admin,
    workspace: {
      type: "workspace_base",
      uuid: bb.workspaceUuid(),
      name: bb.world.company.name,
      slug: bb.ws,
      links: { avatar: href(workspaceAvatar(bb)), self: href(`${bb.api}/workspaces/${bb.ws}`) },
    },
  };
}

/** `GET /2.0/workspaces/{workspace}/members[/{member}]`. */
export function membership(bb: BbContext, p: Person): JsonObject {
  return {
    type: "workspace_membership",
    user: user(bb, p),
    workspace: workspaceRef(bb),
    links: { self: href(`${bb.api}/workspaces/${bb.ws}/members/${enc(bb.personUuid(p))}`) },
  };
}

/** `GET /2.0/user/permissions/workspaces` (deprecated but answering): the caller's role in each workspace. */
export function permission(bb: BbContext, p: Person): JsonObject {
  return {
    type: "workspace_membership",
    permission: p.admin ? "owner" : "member",
    user: user(bb, p),
    workspace: workspaceRef(bb),
  };
}

/** A project as repositories embed it. */
export function projectRef(bb: BbContext, team: Team): JsonObject {
  return bb.once(`project-ref/${team.key}`, () => ({
    type: "project",
    key: team.key,
    uuid: bb.projectUuid(team),
    name: team.name,
    links: {
      self: href(`${bb.api}/workspaces/${bb.ws}/projects/${team.key}`),
      html: href(`${bb.web}/${bb.ws}/workspace/projects/${team.key}`),
      avatar: href(`${bb.web}/${bb.ws}/workspace/projects/${team.key}/avatar/32?ts=${Math.floor(team.createdAt / 1000)}`),
    },
  }));
}

/** `GET /2.0/workspaces/{workspace}/projects[/{key}]`: one project per team, keyed by the tracker key. */
export function project(bb: BbContext, team: Team): JsonObject {
  const ref = projectRef(bb, team);
  return {
    type: "project",
    owner: workspaceOwner(bb),
    workspace: workspaceRef(bb),
    key: team.key,
    uuid: bb.projectUuid(team),
    is_private: true,
    name: team.name,
    description: team.description,
    links: ref.links!,
    created_on: bbTime(team.createdAt),
    updated_on: bbTime(team.createdAt),
    has_publicly_visible_repos: false,
  };
}
