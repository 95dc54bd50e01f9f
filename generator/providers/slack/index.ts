import type { JsonValue, PinContext, Resource, ServingProfile } from "../../core/provider.js";
import type { World } from "../../world/types.js";
import { badRequest, badRequestByParam, notAuthed, notFoundByPath, restrictedAction, slackError, unknownMethod } from "./errors.js";
import { CONVERSATIONS, HISTORY, MEMBERS, REPLIES, USERS, listProfiles, pagination, slackPages } from "./lists.js";
import { buildMessages } from "./messages.js";
import { botOf, channelOf, messageOf, permalink, profileOf, replyOf, teamOf, userOf } from "./render.js";
import { apiTestHandler, joinHandler } from "./computed.js";
import { SEARCH_INDEX, searchHandler, searchIndex } from "./search.js";
import { SlackWorkspace, teamIdOf } from "./workspace.js";
import { slackRefusals } from "./params.js";
import { type ComputedRoute, defineProvider } from "../../core/define-provider.js";

/** The scopes each read method accepts (Slack's `x-accepted-oauth-scopes` header), from the method docs. */
const SCOPES: Record<string, string> = {
  "auth.test": "",
  "team.info": "team:read",
  "users.list": "users:read",
  "users.info": "users:read",
  "users.lookupByEmail": "users:read.email",
  "users.profile.get": "users.profile:read",
  "usergroups.list": "usergroups:read",
  "bots.info": "users:read",
  "reactions.get": "reactions:read",
  "conversations.list": "channels:read,groups:read,mpim:read,im:read",
  "conversations.info": "channels:read,groups:read,mpim:read,im:read",
  "conversations.members": "channels:read,groups:read,mpim:read,im:read",
  "conversations.history": "channels:history,groups:history,mpim:history,im:history",
  "conversations.replies": "channels:history,groups:history,mpim:history,im:history",
};

/** What the token of every request may do: the read scopes of the methods served. */
const TOKEN_SCOPES =
  "channels:history,channels:read,groups:history,groups:read,im:history,im:read,mpim:history," +
  "mpim:read,reactions:read,search:read,team:read," +
  "usergroups:read,users.profile:read,users:read,users:read.email";

/** Write method families: a POST to one is refused (restricted_action); every other POST is a read. */
const WRITES =
  "chat|files|pins|stars|reminders|bookmarks|admin|dnd|views|workflows|calls|apps|dialog|oauth|openid|migration|rtm|reactions\\.(?:add|" +
  "remove)|conversations\\.(?:archive|close|create|invite|join|kick|leave|mark|open|rename|" +
  "setPurpose|setTopic|unarchive)|users\\.(?:deletePhoto|setActive|setPhoto|setPresence|" +
  "profile\\.set)|usergroups\\.(?:create|disable|enable|update|users\\.update)";

/** Every argument a read method takes, from the query string or a form or JSON body alike. */
const ARGS = [
  "user",
  "email",
  "channel",
  "ts",
  "timestamp",
  "bot",
  "include_users",
  "limit",
  "cursor",
  "types",
  "exclude_archived",
  "oldest",
  "latest",
  "inclusive",
  "include_locale",
  "include_num_members",
  "full",
  "team_id",
  "include_count",
  "include_disabled",
  "include_labels",
  "team",
  "file",
  "file_comment",
];

const sec = (ms: number) => Math.floor(ms / 1000);

/** The methods only code answers, over GET and POST alike (the parameter classes' test reads them too). */
export const computedRoutes: ComputedRoute[] = [
  ...["GET", "POST"].map((method) => ({ method, path: "^api/search\\.messages$", handler: "search", run: searchHandler })),
  ...["GET", "POST"].map((method) => ({ method, path: "^api/api\\.test$", handler: "api-test", run: apiTestHandler })),
  ...["GET", "POST"].map((method) => ({ method, path: "^api/conversations\\.join$", handler: "join", run: joinHandler })),
];

/**
 * Slack's Web API (`https://slack.com/api/{method}`): the workspace of the world's company, its members,
 * user groups, channels with their history, threads and reactions, and search. A live host only; see
 * README.md.
 */
export default defineProvider({
  // What the catalog, the MCP tool and an unavailable host say of it.
  id: "slack",
  name: "Slack",
  unavailable: { status: 503, body: { ok: false, error: "service_unavailable", warning: "{message}" } },
  snippet:
    'import { WebClient } from "@slack/web-api";\nconst host = "{{base_url}}";\nconst slack = ' +
    'new WebClient("xoxb-any", { slackApiUrl: `${host}/api/` });\nfor await (const page of ' +
    'slack.paginate("conversations.history", { channel: "<channel id from conversations.list>" ' +
    "})) console.log(page.messages);",
  computed: computedRoutes,
  serving(pin: PinContext, world: World, computed): ServingProfile {
    return {
      provider: "slack",
      headers: {
        "x-oauth-scopes": TOKEN_SCOPES,
        "x-slack-backend": "r",
        "x-content-type-options": "nosniff",
        "x-xss-protection": "0",
        "referrer-policy": "no-referrer",
        "cache-control": "private, no-cache, no-store, must-revalidate",
        "access-control-expose-headers": "x-slack-req-id, retry-after",
      },
      query: {
        keep: [
          "user",
          "email",
          "channel",
          "ts",
          "timestamp",
          "bot",
          "include_users",
          "limit",
          "cursor",
          "types",
          "exclude_archived",
          "oldest",
          "latest",
          "include_num_members",
          "include_count",
        ],
        defaults: [
          { param: "limit", value: String(CONVERSATIONS.defaultSize), path: "^api/conversations\\.(list|members|history)$" },
          { param: "limit", value: String(USERS.defaultSize), path: "^api/(users\\.list|conversations\\.replies)$" },
          { param: "include_users", value: "false" },
          { param: "include_users", value: "0" },
          ...["include_num_members", "include_count"].flatMap((param) => [
            { param, value: "false" },
            { param, value: "0" },
          ]),
          // An empty id is no id: the method's own error for a missing argument answers it.
          ...["user", "email", "channel", "ts", "timestamp", "bot"].map((param) => ({ param, value: "" })),
        ],
        anyValue: [],
        clamp: [],
        // Arguments Slack honours that this snapshot cannot (params.ts), refused with Slack's error naming them.
        refuse: slackRefusals(teamIdOf(world.generation.seed)),
      },
      errors: { notFound: unknownMethod, notFoundByPath, methodNotAllowed: restrictedAction, badRequest, badRequestByParam },
      // The token as a header, as @slack/web-api sends it, or as the `token` argument of a GET.
      auth: { header: "authorization", pattern: "^[Bb]earer \\S", error: notAuthed, alternatives: [{ query: "token", pattern: "\\S" }] },
      requestIdHeader: "x-slack-req-id",
      lists: listProfiles(pin.origin),
      rpc: [{ method: "POST", path: `^api/(?!(?:${WRITES})(?:\\.|$))[^/]+$`, params: ARGS }],
      computed,
    };
  },
  *resources(world: World, pin: PinContext): Generator<Resource> {
    const ws = new SlackWorkspace(world, pin);
    const messages = buildMessages(ws);
    const scoped = (method: string) => ({ "x-accepted-oauth-scopes": SCOPES[method] ?? "" });
    const one = (method: string, query: Record<string, string>, body: JsonValue): Resource => ({
      path: `api/${method}`,
      query,
      headers: scoped(method),
      body,
    });
    const missing = (method: string, error: string, query: Record<string, string> = {}): Resource =>
      one(method, query, slackError(error).body);
    // Every request's token is taken for a user token of the workspace's primary owner (search.messages
    // takes only user tokens), whatever token it is: auth.test and users.profile.get without `user` name them.
    const caller = ws.caller;

    yield one(
      "auth.test",
      {},
      { ok: true, url: ws.url, team: ws.name, user: caller.handle, team_id: ws.teamId, user_id: caller.id, is_enterprise_install: false },
    );
    yield one("team.info", {}, { ok: true, team: teamOf(ws) });

    const users = ws.users.map((u, i) => ({ u, json: userOf(ws, u, i) }));
    yield* slackPages(
      pagination(pin.origin, USERS),
      USERS.path,
      users.map((x) => x.json),
      "members",
      { headers: scoped("users.list"), tail: () => ({ cache_ts: sec(world.asOf) }) },
    );
    for (const { u, json } of users) {
      yield one("users.info", { user: u.id }, { ok: true, user: json });
      if (u.email) yield one("users.lookupByEmail", { email: u.email }, { ok: true, user: json });
      yield one("users.profile.get", { user: u.id }, { ok: true, profile: profileOf(ws, u) });
    }
    yield one("users.profile.get", {}, { ok: true, profile: profileOf(ws, caller) });
    yield missing("users.info", "user_not_found");
    yield missing("users.lookupByEmail", "users_not_found");

    const groups = (withUsers: boolean, withCount: boolean): JsonValue[] =>
      world.teams.map((t) => {
        const lead = ws.userOf(t.leadId).id;
        const members = t.memberIds.map((id) => ws.userOf(id).id);
        return {
          id: ws.channelNamed(t.slug).id.replace(/^C/, "S"),
          team_id: ws.teamId,
          is_usergroup: true,
          is_subteam: true,
          name: t.name,
          description: t.description,
          handle: `${t.slug}-team`,
          is_external: false,
          date_create: sec(Math.max(ws.created, t.createdAt)),
          date_update: sec(Math.max(ws.created, t.createdAt)),
          date_delete: 0,
          auto_type: null,
          auto_provision: false,
          enterprise_subteam_id: "",
          created_by: lead,
          updated_by: lead,
          deleted_by: null,
          prefs: { channels: [ws.channelNamed(t.slug).id], groups: [] },
          ...(withUsers ? { users: members } : {}),
          ...(withCount ? { user_count: members.length } : {}),
        };
      });
    // `include_users` and `include_count` each add a field when true (or 1), as the method docs say.
    const flags = [undefined, "true", "1"];
    for (const users of flags)
      for (const count of flags) {
        const query = { ...(users ? { include_users: users } : {}), ...(count ? { include_count: count } : {}) };
        yield one("usergroups.list", query, { ok: true, usergroups: groups(users !== undefined, count !== undefined) });
      }

    yield* slackPages(
      pagination(pin.origin, CONVERSATIONS),
      CONVERSATIONS.path,
      ws.channels.map((c) => channelOf(ws, c)),
      "channels",
      { headers: scoped("conversations.list") },
    );
    for (const channel of ws.channels) {
      const sel: Array<[string, string]> = [["channel", channel.id]];
      // num_members only with include_num_members (the method docs: "Defaults to false"); the list always has it.
      yield one("conversations.info", { channel: channel.id }, { ok: true, channel: channelOf(ws, channel, { numMembers: false }) });
      for (const flag of ["true", "1"])
        yield one("conversations.info", { channel: channel.id, include_num_members: flag }, { ok: true, channel: channelOf(ws, channel) });
      yield* slackPages(pagination(pin.origin, MEMBERS), MEMBERS.path, channel.memberIds, "members", {
        selectors: sel,
        headers: scoped("conversations.members"),
      });
      // History is newest first; replies are not in it (none is broadcast to the channel).
      const list = [...(messages.get(channel.id) ?? [])].reverse();
      yield* slackPages(
        pagination(pin.origin, HISTORY),
        HISTORY.path,
        list.map((m) => messageOf(ws, m)),
        "messages",
        {
          selectors: sel,
          headers: scoped("conversations.history"),
          metadata: "when-more",
          tail: (more) => ({ has_more: more, pin_count: 0, channel_actions_ts: null, channel_actions_count: 0 }),
        },
      );
      yield missing("conversations.replies", "thread_not_found", { channel: channel.id });
      for (const m of list) {
        const thread = [messageOf(ws, m), ...m.replies.map((r) => replyOf(ws, m, r))];
        yield* slackPages(pagination(pin.origin, REPLIES), REPLIES.path, thread, "messages", {
          selectors: [...sel, ["ts", m.ts]],
          headers: scoped("conversations.replies"),
          metadata: "when-more",
          tail: (more) => ({ has_more: more }),
        });
        if (m.reactions.length) {
          yield one(
            "reactions.get",
            { channel: channel.id, timestamp: m.ts },
            { ok: true, type: "message", message: { ...messageOf(ws, m), permalink: permalink(ws, channel, m.ts) }, channel: channel.id },
          );
        }
      }
    }
    for (const method of ["conversations.info", "conversations.members", "conversations.history", "conversations.replies"])
      yield missing(method, "channel_not_found");
    yield missing("reactions.get", "no_item_specified");

    for (const b of ws.bots) yield one("bots.info", { bot: b.id }, { ok: true, bot: botOf(ws, b) });
    yield missing("bots.info", "bot_not_found");

    yield { path: SEARCH_INDEX, body: searchIndex(ws, messages) as unknown as JsonValue };
  },
});
