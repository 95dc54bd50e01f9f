import type { JsonObject } from "../../core/provider.js";
import { clientMsgId } from "./ids.js";
import type { SlackMessage, SlackReaction, SlackReply } from "./messages.js";
import type { SlackBot, SlackChannel, SlackUser, SlackWorkspace } from "./workspace.js";

/**
 * The JSON objects of the Web API, in the key order Slack answers with: users (users.list/info), their
 * profiles, conversations, messages (history, replies, reactions.get), bots, the team and user groups.
 */

const sec = (ms: number) => Math.floor(ms / 1000);

const COLORS = ["9f69e7", "4bbe2e", "e7392d", "3c989f", "674b1b", "e96699", "e0a729", "684b6c", "5b89d5", "53b759"];

function avatar(ws: SlackWorkspace, u: SlackUser, size: number): string {
  return (
    `https://secure.gravatar.com/avatar/${ws.avatarHash(u)}.jpg?s=${size}&` +
    `d=https%3A%2F%2Fa.slack-edge.com%2Fdf10d%2Fimg%2Favatars%2Fava_0001-${size}.png`
  );
}

export function profileOf(ws: SlackWorkspace, u: SlackUser): JsonObject {
  return {
    title: u.title,
    phone: "",
    skype: "",
    real_name: u.realName,
    real_name_normalized: u.realName,
    display_name: u.bot ? "" : u.handle,
    display_name_normalized: u.bot ? "" : u.handle,
    fields: null,
    status_text: "",
    status_emoji: "",
    status_expiration: 0,
    avatar_hash: ws.avatarHash(u),
    ...(u.bot ? { api_app_id: u.bot.appId, always_active: true, bot_id: u.bot.id } : { email: u.email ?? null }),
    first_name: u.firstName,
    last_name: u.lastName,
    image_24: avatar(ws, u, 24),
    image_32: avatar(ws, u, 32),
    image_48: avatar(ws, u, 48),
    image_72: avatar(ws, u, 72),
    image_192: avatar(ws, u, 192),
    image_512: avatar(ws, u, 512),
    status_text_canonical: "",
    team: ws.teamId,
  };
}

export function userOf(ws: SlackWorkspace, u: SlackUser, index: number): JsonObject {
  return {
    id: u.id,
    team_id: ws.teamId,
    name: u.handle,
    deleted: false,
    color: COLORS[index % COLORS.length]!,
    real_name: u.realName,
    tz: u.timeZone,
    tz_label: tzLabel(u.utcOffsetMinutes),
    tz_offset: u.utcOffsetMinutes * 60,
    profile: profileOf(ws, u),
    is_admin: u.isAdmin,
    is_owner: u.isOwner,
    is_primary_owner: u.isPrimaryOwner,
    is_restricted: false,
    is_ultra_restricted: false,
    is_bot: u.bot !== undefined,
    is_app_user: false,
    updated: sec(u.created),
    ...(u.bot ? {} : { has_2fa: false }),
  };
}

function tzLabel(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

export function channelOf(ws: SlackWorkspace, c: SlackChannel, options: { numMembers?: boolean } = {}): JsonObject {
  const text = (value: string) => ({ value, creator: c.creator, last_set: sec(c.created) });
  return {
    id: c.id,
    name: c.name,
    is_channel: true,
    is_group: false,
    is_im: false,
    is_mpim: false,
    is_private: false,
    created: sec(c.created),
    is_archived: false,
    is_general: c.isGeneral,
    unlinked: 0,
    name_normalized: c.name,
    is_shared: false,
    is_org_shared: false,
    is_pending_ext_shared: false,
    pending_shared: [],
    parent_conversation: null,
    creator: c.creator,
    is_ext_shared: false,
    shared_team_ids: [ws.teamId],
    pending_connected_team_ids: [],
    is_member: c.memberIds.includes(ws.caller.id),
    topic: text(c.topic),
    purpose: text(c.purpose),
    previous_names: [],
    ...(options.numMembers === false ? {} : { num_members: c.memberIds.length }),
  };
}

export function botProfileOf(ws: SlackWorkspace, b: SlackBot): JsonObject {
  const icon = (size: number) => `https://avatars.slack-edge.com/${b.handle}_${size}.png`;
  return {
    id: b.id,
    deleted: false,
    name: b.name,
    updated: sec(b.created),
    app_id: b.appId,
    icons: { image_36: icon(36), image_48: icon(48), image_72: icon(72) },
    team_id: ws.teamId,
  };
}

export function botOf(ws: SlackWorkspace, b: SlackBot): JsonObject {
  const { team_id: _team, ...rest } = botProfileOf(ws, b);
  return { ...rest, user_id: b.userId };
}

function reactionsOf(reactions: SlackReaction[]): JsonObject {
  return reactions.length ? { reactions: reactions.map((r) => ({ name: r.name, users: r.users, count: r.users.length })) } : {};
}

/** Who wrote it: a person's message carries its client's id; an app's its bot and bot profile. */
function author(ws: SlackWorkspace, m: SlackReply): JsonObject {
  return m.user.bot ? { bot_id: m.user.bot.id } : { client_msg_id: clientMsgId(ws.seed, m.key) };
}

/** A top-level message as history lists it, with its thread summary and reactions. */
export function messageOf(ws: SlackWorkspace, m: SlackMessage): JsonObject {
  const thread: JsonObject = m.replies.length
    ? {
        thread_ts: m.ts,
        reply_count: m.replies.length,
        reply_users_count: new Set(m.replies.map((r) => r.user.id)).size,
        latest_reply: m.replies.at(-1)!.ts,
        reply_users: [...new Set(m.replies.map((r) => r.user.id))],
        subscribed: false,
      }
    : {};
  return {
    user: m.user.id,
    type: "message",
    ts: m.ts,
    ...author(ws, m),
    text: m.text,
    team: ws.teamId,
    ...(m.user.bot ? { bot_profile: botProfileOf(ws, m.user.bot) } : {}),
    ...thread,
    ...reactionsOf(m.reactions),
  };
}

/** A reply as conversations.replies lists it after its parent. */
export function replyOf(ws: SlackWorkspace, parent: SlackMessage, r: SlackReply): JsonObject {
  return {
    user: r.user.id,
    type: "message",
    ts: r.ts,
    ...author(ws, r),
    text: r.text,
    team: ws.teamId,
    ...(r.user.bot ? { bot_profile: botProfileOf(ws, r.user.bot) } : {}),
    thread_ts: parent.ts,
    parent_user_id: parent.user.id,
    ...reactionsOf(r.reactions),
  };
}

export function permalink(ws: SlackWorkspace, channel: SlackChannel, ts: string, threadTs?: string): string {
  const base = `https://${ws.domain}.slack.com/archives/${channel.id}/p${ts.replace(".", "")}`;
  return threadTs && threadTs !== ts ? `${base}?thread_ts=${threadTs}&cid=${channel.id}` : base;
}

export function teamOf(ws: SlackWorkspace): JsonObject {
  const icon = (size: number) => `https://avatars.slack-edge.com/${ws.domain}-team_${size}.png`;
  return {
    id: ws.teamId,
    name: ws.name,
    url: ws.url,
    domain: ws.domain,
    email_domain: ws.world.company.domain,
    icon: {
      image_default: false,
      image_34: icon(34),
      image_44: icon(44),
      image_68: icon(68),
      image_88: icon(88),
      image_102: icon(102),
      image_132: icon(132),
      image_230: icon(230),
    },
    avatar_base_url: "https://ca.slack-edge.com/",
    is_verified: false,
  };
}
