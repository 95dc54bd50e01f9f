import type { Resource } from "../../core/provider.js";
import { isoSeconds } from "../../world/clock.js";
import { type GraphContext, V } from "./context.js";
import { group, user } from "./directory.js";
import { DIRECTORY_TOP, collectionPages, everySize, graphPagination } from "./lists.js";

/**
 * Delta queries (`/users/delta`, `/groups/delta`), as connectors sync the directory: a full round pages by
 * `@odata.nextLink` and its last page carries `@odata.deltaLink`. The delta token is the instant the link
 * was made (as-of, in epoch milliseconds, opaque to a client); following a link returns the objects
 * created after that instant and a delta link as of this build. On the same build that is an empty page;
 * a link kept from an earlier night returns whoever joined since. Users carry `createdDateTime` here
 * (Graph sends the properties a delta query selects), which is what the token compares.
 */
export function deltaLink(c: GraphContext, kind: "users" | "groups"): string {
  return `${c.pin.origin}/${V}/${kind}/delta?$deltatoken=${c.asOf}`;
}

export function* deltaResources(c: GraphContext): Generator<Resource> {
  const origin = c.pin.origin;
  const meta = `${origin}/${V}/$metadata`;
  const users = c.users.map((u) => ({ ...user(u), createdDateTime: isoSeconds(u.createdAt) }));
  const p = (n: number) => graphPagination(origin, DIRECTORY_TOP, everySize(n, DIRECTORY_TOP));
  yield* collectionPages(p(users.length), `${V}/users/delta`, `${meta}#users`, users, { deltaLink: deltaLink(c, "users") });
  const groups = c.groups.map((g) => group(c, g));
  yield* collectionPages(p(groups.length), `${V}/groups/delta`, `${meta}#groups`, groups, { deltaLink: deltaLink(c, "groups") });
}
