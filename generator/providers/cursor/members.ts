import type { Resource } from "../../core/provider.js";
import type { CursorContext } from "./context.js";

/**
 * `GET /teams/members`: every member of the team, oldest seat first, as the Admin API lists them (not
 * paged): the encoded id, name, email, role (`owner` for the team's admins) and `isRemoved`. Nobody has
 * left the team, so `isRemoved` is false throughout.
 */
export function* memberResources(c: CursorContext): Generator<Resource> {
  yield {
    path: "teams/members",
    body: { teamMembers: c.members.map((m) => ({ id: m.id, name: m.person.name, email: m.person.email, role: m.role, isRemoved: false })) },
  };
}
