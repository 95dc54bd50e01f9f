import type { ContinuationTokenPaging } from "../../core/pagination/paging.js";
import type { FilterSpec, ListProfile } from "../../core/lists/profile.js";
import { listPages } from "../../core/paginate.js";
import type { JsonValue, Pagination, Resource } from "../../core/provider.js";

/**
 * Slack's cursor pagination (https://api.slack.com/docs/pagination) on core's continuation-token
 * mechanism: `limit` sets the page size, the next page's opaque cursor is `response_metadata.next_cursor`
 * and goes back as `cursor`; a cursor that is not one of ours is `invalid_cursor`. A `limit` above the
 * method's maximum is clamped, as Slack does. Sizes per method, from the method docs:
 *
 * | method | default | max |
 * |---|---|---|
 * | users.list | everything (no limit: 1000 here) | 1000 |
 * | conversations.list, conversations.members | 100 | 1000 |
 * | conversations.history | 100 | 999 |
 * | conversations.replies | 1000 | 1000 |
 *
 * 200 is pre-rendered too: it is the page size `client.paginate` of @slack/web-api asks for.
 */
export interface SlackPaging {
  path: string;
  defaultSize: number;
  max: number;
  /** History and replies: `has_more` on every page, and `response_metadata` only while more follow. */
  history?: boolean;
}

export const USERS: SlackPaging = { path: "api/users.list", defaultSize: 1000, max: 1000 };
export const CONVERSATIONS: SlackPaging = { path: "api/conversations.list", defaultSize: 100, max: 1000 };
export const MEMBERS: SlackPaging = { path: "api/conversations.members", defaultSize: 100, max: 1000 };
export const HISTORY: SlackPaging = { path: "api/conversations.history", defaultSize: 100, max: 999, history: true };
export const REPLIES: SlackPaging = { path: "api/conversations.replies", defaultSize: 1000, max: 1000, history: true };

export function pagination(origin: string, s: SlackPaging): ContinuationTokenPaging {
  return {
    mechanism: "continuation-token",
    pageParam: "cursor",
    sizeParam: "limit",
    defaultSize: s.defaultSize,
    rendered: [...new Set([s.defaultSize, 200, s.max])],
    max: s.max,
    overMax: "clamp",
    underMin: "clamp",
    invalidSize: "default",
    origin, // The last page's cursor is "" (or, on history and replies, absent), on computed pages as on files.
    continuation: {
      field: "response_metadata.next_cursor",
      token: "opaque",
      last: s.history ? "absent" : "empty",
      ...(s.history ? { moreField: "has_more" } : {}),
    },
  };
}

/**
 * Every page of a list at the pre-rendered sizes. `head` are the body's fields before the items (`ok`),
 * `tail` the ones after (`has_more`, `pin_count` …); the last page's `next_cursor` is the empty string.
 */
export function slackPages(
  p: Pagination,
  path: string,
  items: JsonValue[],
  envelope: string,
  options: {
    selectors?: Array<[string, string]>;
    tail?: (hasMore: boolean) => Record<string, JsonValue>;
    headers?: Record<string, string>;
    metadata?: "always" | "when-more";
  },
): Iterable<Resource> {
  return listPages(p, path, items, {
    envelope,
    ...(options.selectors ? { filters: options.selectors } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
    wrap: (page, fields) => {
      const meta = fields.response_metadata as { next_cursor?: string } | undefined;
      const more = !!meta?.next_cursor;
      return {
        ok: true,
        [envelope]: page,
        ...(options.tail?.(more) ?? {}),
        ...(more || options.metadata !== "when-more" ? { response_metadata: { next_cursor: meta?.next_cursor ?? "" } } : {}),
      };
    },
  });
}

/** A Slack timestamp bound on `ts` (`oldest`, `latest`): exclusive, unless `inclusive=true` (or 1). */
const tsBound = (param: string, op: FilterSpec["op"]): FilterSpec => ({
  param,
  field: "ts",
  op,
  type: "number",
  inclusiveParam: "inclusive",
});

/**
 * The lists as the query engine reads them. conversations.list filters by `types` (every channel here
 * is public) and `exclude_archived` (none is archived); history and replies by `oldest` and `latest`.
 */
export function listProfiles(origin: string): ListProfile[] {
  return [
    { path: "^api/users\\.list$", paging: pagination(origin, USERS), keys: ["ok", "members", "cache_ts", "response_metadata"] },
    {
      path: "^api/conversations\\.list$",
      paging: pagination(origin, CONVERSATIONS),
      keys: ["ok", "channels", "response_metadata"],
      filters: [
        {
          param: "types",
          field: "is_channel",
          op: "eq",
          type: "string",
          split: ",",
          values: { public_channel: "true", private_channel: "private", mpim: "mpim", im: "im" },
        },
        {
          param: "exclude_archived",
          field: "is_archived",
          op: "eq",
          type: "string",
          values: { true: "false", "1": "false" },
          all: ["false", "0"],
        },
      ],
    },
    {
      path: "^api/conversations\\.members$",
      paging: pagination(origin, MEMBERS),
      selectors: ["channel"],
      keys: ["ok", "members", "response_metadata"],
    },
    {
      path: "^api/conversations\\.history$",
      paging: pagination(origin, HISTORY),
      selectors: ["channel"],
      keys: ["ok", "messages", "has_more", "pin_count", "channel_actions_ts", "channel_actions_count", "response_metadata"],
      filters: [tsBound("oldest", "gt"), tsBound("latest", "lt")],
    },
    {
      path: "^api/conversations\\.replies$",
      paging: pagination(origin, REPLIES),
      selectors: ["channel", "ts"],
      keys: ["ok", "messages", "has_more", "response_metadata"],
      // The thread's messages, the parent among them, bounded by ts as history is.
      filters: [tsBound("oldest", "gt"), tsBound("latest", "lt")],
    },
  ];
}
