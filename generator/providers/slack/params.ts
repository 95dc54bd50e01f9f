import type { ParamClasses } from "../../core/param-classes.js";
import type { ErrorDoc, QueryRefusal } from "../../core/provider.js";
import { slackError } from "./errors.js";

/**
 * Every argument of every method of Slack's published Web API description (spec/README.md) that this
 * host answers, in one class each (issue 37; test/providers/slack/parameter-classes.test.ts). A bare
 * name holds on every served method; `<path> <name>` on one. Slack reads arguments from the query or a
 * form or JSON body alike, and the refusals hold for both (the serving profile's `rpc` reads the body's
 * fields before the rules run).
 */

/** A refused argument: the values still answered as if absent (a regex; absent: none), why, and Slack's own error when it has one. */
interface Refused {
  allow?: string;
  why: string;
  error?: ErrorDoc;
}

/** Slack's booleans: `true`/`1` and `false`/`0` (api.slack.com/web: "boolean ... 1 or true"). */
const FALSE = "^(false|0)$";

/**
 * Slack's refusal of an argument it cannot take: HTTP 200, `invalid_arguments`, and a line per problem in
 * `response_metadata.messages` that ends in a JSON pointer to the argument (as views.open and
 * chat.postMessage answer: `[ERROR] invalid \`trigger_id\` [json-pointer:/trigger_id]`).
 */
export const invalidArgument: ErrorDoc = slackError("invalid_arguments", {
  response_metadata: { messages: ["[ERROR] {message} [json-pointer:/{param}]"] },
});

const refused = (teamId: string): Record<string, Refused> => ({
  "/users.list include_locale": { allow: FALSE, why: "users carry no locale here" },
  "/users.info include_locale": { allow: FALSE, why: "users carry no locale here" },
  "/conversations.info include_locale": { allow: FALSE, why: "conversations carry no locale here" },
  // Another team is one seen through an external shared channel; no channel here is shared.
  "/team.info team": { allow: `^(${teamId})?$`, why: "no other team is visible to this workspace", error: slackError("team_not_found") },
  // No file is in this workspace, so every file id names nothing: reactions.get's documented codes.
  "/reactions.get file": { allow: "^$", why: "no file is in this workspace", error: slackError("file_not_found") },
  "/reactions.get file_comment": { allow: "^$", why: "no file comment is in this workspace", error: slackError("file_comment_not_found") },
});

export const slackParams: ParamClasses = {
  unserved: [],
  computed: {
    limit: "lists.ts: the page size, clamped to the method's maximum",
    cursor: "lists.ts: the opaque next_cursor of the page before; anything else is invalid_cursor",
    channel: "a selector: the conversation's files (index.ts), or channel_not_found",
    user: "a selector: the user's files (index.ts), or user_not_found; absent on users.profile.get: the caller",
    email: "a selector: users.lookupByEmail's files, or users_not_found",
    bot: "a selector: bots.info's files, or bot_not_found",
    timestamp: "a selector: reactions.get's message, with channel",
    "/conversations.list types": "lists.ts: the channel kinds, a comma list (every channel here is public)",
    "/conversations.list exclude_archived": "lists.ts: drops archived channels (none is archived)",
    "/conversations.history oldest": "lists.ts: messages after it (exclusive unless inclusive)",
    "/conversations.history latest": "lists.ts: messages before it (exclusive unless inclusive)",
    "/conversations.history inclusive": "lists.ts: makes oldest and latest inclusive",
    "/conversations.replies ts": "a selector: the thread's parent, or thread_not_found",
    "/conversations.replies oldest": "lists.ts: thread messages after it (exclusive unless inclusive)",
    "/conversations.replies latest": "lists.ts: thread messages before it (exclusive unless inclusive)",
    "/conversations.replies inclusive": "lists.ts: makes oldest and latest inclusive",
    "/conversations.info include_num_members": "index.ts: a variant with num_members (true or 1)",
    "/usergroups.list include_users": "index.ts: a variant with each group's users (true or 1)",
    "/usergroups.list include_count": "index.ts: a variant with each group's user_count (true or 1)",
    "/api.test error": "computed.ts: answered as the error it names",
    "/api.test foo": "computed.ts: echoed in args, as every argument",
    "/search.messages query": "search.ts: Slack's modifiers and words",
    "/search.messages count": "search.ts: the page size, 20 by default, at most 100",
    "/search.messages page": "search.ts: the page, from 1",
    "/search.messages sort": "search.ts: score or timestamp",
    "/search.messages sort_dir": "search.ts: desc or asc",
    "/search.messages highlight": "search.ts: the query's words wrapped in Slack's markers (U+E000, U+E001) when true or 1",
  },
  refused: Object.fromEntries(Object.entries(refused("")).map(([k, r]) => [k, r.why])),
  ignored: {
    // The credential: auth.alternatives reads it (a token beside the header). Every token is read as the
    // primary owner's user token (README), so its value selects nothing.
    token: "the credential: any token is the workspace primary owner's, so its value cannot change the answer",
    // users.profile.get's description: "Include labels for each ID in custom profile fields". Every profile
    // here answers `fields: null` (render.ts profileOf), so there is nothing to label.
    "/users.profile.get include_labels": "profiles carry no custom fields (fields: null): there is nothing to label",
    // "Include disabled User Groups": every group here is live (date_delete: 0), so the list is the same.
    "/usergroups.list include_disabled": "no user group is disabled (date_delete 0): the list is the same",
    // "If true always return the complete reaction list": Slack shortens a reaction's `users` past a
    // count; every reaction here lists all its users (count = users.length), so the answer is the same.
    "/reactions.get full": "every reaction already lists all its users (count equals users.length)",
  },
  unhandled: {},
};

/** The serving profile's rules for the refused arguments: each method's path, any token of this team. */
export function slackRefusals(teamId: string): QueryRefusal[] {
  return Object.entries(refused(teamId)).map(([key, r]) => {
    const [template, param] = key.split(" ") as [string, string];
    return {
      param,
      path: `^api/${template.slice(1).replaceAll(".", "\\.")}$`,
      ...(r.allow ? { allow: r.allow } : {}),
      error: r.error ?? invalidArgument,
      message: `\`${param}\` is not answered by this snapshot (value \`{value}\`): ${r.why}`,
    };
  });
}
