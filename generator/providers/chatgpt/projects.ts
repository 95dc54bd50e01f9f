import type { JsonObject, Resource } from "../../core/provider.js";
import type { ChatGptProject } from "../../world/types.js";
import { type CgContext, stamp } from "./context.js";
import { OBJECTS, USERS, cgPagination, cursorList, embeddedList } from "./lists.js";
import { workspaceUser } from "./users.js";

/**
 * The workspace's projects (`world.ai.chatgpt.projects`: one per team, owned by its lead), oldest first.
 *
 * - Sharing: `invite-only`, shared directly with the team's other seat holders (`recipients`, and
 *   `/shared_users` in ascending order of `user_id`), who may use the project and see its
 *   configuration but not edit it.
 * - Configurations (`/configs`, newest first): the one created with the project and, when it was
 *   edited later, the current one. The first version's instructions were the first sentence of the
 *   current ones. Projects have no description, categories, starters, files or tools here (empty).
 */
interface ProjectVersion {
  id: string;
  createdAt: number;
  instructions: string;
}

function versions(cg: CgContext, p: ChatGptProject): ProjectVersion[] {
  const make = (n: number, createdAt: number, instructions: string): ProjectVersion => ({
    id: `pr_cnf_${cg.b62(`project/${p.id}/config/${n}`, 24)}`,
    createdAt,
    instructions,
  });
  if (p.updatedAt <= p.createdAt) return [make(0, p.createdAt, p.instructions)];
  const cut = p.instructions.indexOf(". ");
  return [make(1, p.updatedAt, p.instructions), make(0, p.createdAt, cut === -1 ? p.instructions : p.instructions.slice(0, cut + 1))];
}

function projectConfig(p: ChatGptProject, v: ProjectVersion): JsonObject {
  return {
    object: "compliance.workspace.project.configuration",
    id: v.id,
    name: p.name,
    description: "",
    categories: [],
    conversation_starters: [],
    created_at: stamp(v.createdAt, `project/${p.id}`),
    instructions: v.instructions,
    files: embeddedList([]),
    tools: embeddedList([]),
  };
}

/** The project's members other than its owner, in ascending order of `user_id`. */
export function sharedWith(cg: CgContext, p: ChatGptProject) {
  return p.memberIds
    .filter((id) => id !== p.ownerId)
    .map((id) => cg.user(id))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export function project(cg: CgContext, p: ChatGptProject): JsonObject {
  const owner = cg.user(p.ownerId);
  const permissions = { object: "compliance.workspace.project.permissions", can_read: true, can_view_config: true, can_write: false };
  const [latest] = versions(cg, p);
  return {
    object: "compliance.workspace.project",
    id: p.id,
    created_at: stamp(p.createdAt, `project/${p.id}`),
    owner_id: owner.id,
    owner_email: owner.person.email,
    builder_name: owner.person.name,
    sharing: {
      object: "compliance.workspace.project.sharing",
      visibility: "invite-only",
      permissions,
      recipients: sharedWith(cg, p).map((u) => ({
        object: "compliance.workspace.project.shared_user",
        id: u.id,
        email: u.person.email,
        permissions,
      })),
    },
    latest_config: embeddedList([projectConfig(p, latest!)]),
  };
}

export function* projectResources(cg: CgContext): Generator<Resource> {
  const objects = cgPagination(cg.pin.origin, OBJECTS);
  const sorted = [...cg.projects].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  yield* cursorList(
    objects,
    `${cg.base}/projects`,
    sorted.map((p) => project(cg, p)),
  );
  for (const p of sorted) {
    const path = `${cg.base}/projects/${p.id}`;
    yield { path, body: project(cg, p) };
    yield* cursorList(
      objects,
      `${path}/configs`,
      versions(cg, p).map((v) => projectConfig(p, v)),
    );
    yield* cursorList(cgPagination(cg.pin.origin, USERS), `${path}/shared_users`, sharedWith(cg, p).map(workspaceUser));
  }
}
