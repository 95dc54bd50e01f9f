import type { JsonObject, Resource } from "../../core/provider.js";
import { type CgContext, type CgUser, stamp } from "./context.js";
import { USERS, cgPagination, cursorList } from "./lists.js";

/** `WorkspaceUser`, in the description's field order. */
export function workspaceUser(u: CgUser): JsonObject {
  return {
    object: "compliance.workspace.user",
    id: u.id,
    email: u.person.email,
    name: u.person.name,
    created_at: stamp(u.seat.since, `user/${u.id}`),
    role: u.role,
    status: u.status,
  };
}

/** `GET /v1/compliance/workspaces/{workspace_id}/users`: every seat holder, in ascending order of `user_id`. */
export function* userResources(cg: CgContext): Generator<Resource> {
  yield* cursorList(cgPagination(cg.pin.origin, USERS), `${cg.base}/users`, cg.users.map(workspaceUser));
}
