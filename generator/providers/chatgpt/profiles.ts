import type { ListProfile } from "../../core/lists/profile.js";
import { CONVERSATIONS, LIST_KEYS, OBJECTS, USERS, cgPagination } from "./lists.js";

const WS = "^v1/compliance/workspaces/[^/]+";

/**
 * The list endpoints as the query engine reads them. Conversations take the two filters the
 * description documents: `since_timestamp` (Unix seconds; conversations last updated at or after it,
 * read on `last_active_at`) and `users` (auth user ids, repeated `users=a&users=b`, or bracketed
 * `users[]=a`: any of them). No list has a sort parameter. Parameters not declared here (`file_format`:
 * no conversation, GPT or project here has files) are ignored.
 */
export function listProfiles(origin: string): ListProfile[] {
  const objects = cgPagination(origin, OBJECTS);
  const users = cgPagination(origin, USERS);
  return [
    { path: `${WS}/users$`, paging: users, keys: LIST_KEYS },
    {
      path: `${WS}/conversations$`,
      paging: cgPagination(origin, CONVERSATIONS),
      keys: LIST_KEYS,
      filters: [
        { param: "since_timestamp", field: "last_active_at", op: "gte", type: "number" },
        { param: "users", field: "user_id", op: "eq", type: "string" },
      ],
    },
    { path: `${WS}/gpts$`, paging: objects, keys: LIST_KEYS },
    { path: `${WS}/gpts/[^/]+/configs$`, paging: objects, keys: LIST_KEYS },
    { path: `${WS}/gpts/[^/]+/shared_users$`, paging: users, keys: LIST_KEYS },
    { path: `${WS}/projects$`, paging: objects, keys: LIST_KEYS },
    { path: `${WS}/projects/[^/]+/configs$`, paging: objects, keys: LIST_KEYS },
    { path: `${WS}/projects/[^/]+/shared_users$`, paging: users, keys: LIST_KEYS },
  ];
}
