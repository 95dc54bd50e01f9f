import type { Person } from "../../world/types.js";
import type { JsonObject } from "../../core/provider.js";
import { type GlContext, day, localTime, ts } from "./context.js";

/** `UserBasic`: the author, assignee and reviewer objects embedded everywhere. */
export function userBasic(gl: GlContext, p: Person): JsonObject {
  return gl.once(`user-basic/${p.id}`, () => ({
    id: gl.userId(p),
    username: p.handles.gitlab,
    name: p.name,
    state: "active",
    locked: false,
    avatar_url: gl.avatar(p),
    web_url: gl.userWeb(p),
  }));
}

/** `User`: `GET /users/:id`, and the `user` of a job. */
export function user(gl: GlContext, p: Person): JsonObject {
  return gl.once(`user/${p.id}`, () => ({
    ...userBasic(gl, p),
    created_at: ts(p.joinedAt),
    bio: `${p.role}, ${gl.team(p.teamId).name}`,
    location: p.timeZone.split("/")[1]!.replace(/_/g, " "),
    public_email: null,
    linkedin: "",
    twitter: "",
    discord: "",
    website_url: "",
    github: p.handles.github,
    organization: gl.world.company.name,
    job_title: p.role,
    pronouns: null,
    bot: false,
    work_information: `${p.role} at ${gl.world.company.name}`,
    local_time: localTime(gl.world.asOf, p.utcOffsetMinutes),
    followers: 0,
    following: 0,
    is_followed: false,
  }));
}

/** `GET /user`: the authenticated user (`UserPublic`), a group owner but not an instance admin. */
export function currentUser(gl: GlContext, p: Person): JsonObject {
  const lastSignIn = ts(gl.world.asOf - 3 * 3_600_000);
  return {
    ...user(gl, p),
    last_sign_in_at: lastSignIn,
    confirmed_at: ts(p.joinedAt + 120_000),
    last_activity_on: day(gl.world.asOf),
    email: p.email,
    theme_id: 1,
    color_scheme_id: 1,
    projects_limit: 100_000,
    current_sign_in_at: lastSignIn,
    identities: [],
    can_create_group: true,
    can_create_project: true,
    two_factor_enabled: true,
    external: false,
    private_profile: false,
    commit_email: p.email,
  };
}

/** GitLab's access levels. */
export const ACCESS = { guest: 10, reporter: 20, developer: 30, maintainer: 40, owner: 50 } as const;

/** A group or project member: the user, the access level and when it was granted. */
export function member(gl: GlContext, p: Person, accessLevel: number, since: number): JsonObject {
  return {
    ...userBasic(gl, p),
    access_level: accessLevel,
    created_at: ts(since),
    created_by: userBasic(gl, gl.viewer),
    expires_at: null,
    group_saml_identity: null,
    membership_state: "active",
  };
}

/** The access a person has in the company group: the admin owns it, team leads maintain it. */
export function groupAccess(gl: GlContext, p: Person): number {
  if (p.admin) return ACCESS.owner;
  return gl.world.teams.some((t) => t.leadId === p.id) ? ACCESS.maintainer : ACCESS.developer;
}
