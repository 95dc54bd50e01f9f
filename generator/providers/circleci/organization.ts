import type { JsonObject, Resource } from "../../core/provider.js";
import { DAY, HOUR, startOfDay } from "../../world/clock.js";
import type { Person } from "../../world/types.js";
import type { CciContext } from "./context.js";
import { pagesOf } from "./lists.js";
import { time } from "./pipelines.js";

/**
 * Who the token is, where it collaborates and what it follows: `/me`, `/me/collaborations` (the
 * company's GitHub organization), `/user/{id}` for everyone who triggered a pipeline, each project, and
 * `/api/private/me` (not in the v2 description), which DevLake's CircleCI plugin reads for the
 * projects a user follows. The organization keeps two contexts (`/context`, by `owner-id` or
 * `owner-slug`), made at 10:00 UTC the day before its first project was followed.
 */
export function userJson(c: CciContext, p: Person): JsonObject {
  return { name: p.name, login: p.handles.github, id: c.userId(p), avatar_url: c.avatar(p) };
}

export function* organizationResources(c: CciContext): Generator<Resource> {
  yield { path: "api/v2/me", body: userJson(c, c.me) };
  yield {
    path: "api/v2/me/collaborations",
    body: [
      {
        id: c.orgId,
        "vcs-type": "github",
        name: c.orgName,
        avatar_url: `https://avatars.githubusercontent.com/u/${150_000_000 + c.world.generation.id * 1_001}?v=4`,
        slug: c.orgSlug,
      },
    ],
  };
  for (const p of c.users()) yield { path: `api/v2/user/${c.userId(p)}`, body: userJson(c, p) };
  for (const project of c.projects) {
    yield {
      path: `api/v2/project/${project.slug}`,
      body: {
        slug: project.slug,
        name: project.repo.name,
        id: project.id,
        organization_name: c.orgName,
        organization_slug: c.orgSlug,
        organization_id: c.orgId,
        vcs_info: { vcs_url: c.repoUrl(project.repo), provider: "GitHub", default_branch: project.repo.defaultBranch },
      },
    };
  }
  yield {
    path: "api/private/me",
    body: {
      ...userJson(c, c.me),
      followed_projects: c.projects.map((p) => ({
        id: p.id,
        name: p.repo.name,
        org_id: c.orgId,
        slug: p.slug,
        vcs_url: c.repoUrl(p.repo),
      })),
    },
  };
}

/** The organization's contexts, oldest first. */
function contexts(c: CciContext): JsonObject[] {
  const first = Math.min(...c.projects.map((p) => p.since), c.asOf);
  const made = startOfDay(first) - DAY + 10 * HOUR;
  return ["org-global", "docker-hub-creds"].map((name, i) => ({ id: c.uuid(`context/${name}`), name, created_at: time(made + i * HOUR) }));
}

export function* contextResources(c: CciContext): Generator<Resource> {
  const items = contexts(c);
  for (const owner of [[], [["owner-id", c.orgId]], [["owner-slug", c.orgSlug]]] as Array<Array<[string, string]>>)
    yield* pagesOf(c.pin.origin, "api/v2/context", items, owner);
  for (const item of items) yield { path: `api/v2/context/${String(item.id)}`, body: item };
}
