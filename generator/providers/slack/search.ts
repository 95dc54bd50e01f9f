import type { ComputeHandler, JsonValue } from "../../core/provider.js";
import { hexAsUuid } from "../../world/ids.js";
import { parseTime } from "../../core/lists/values.js";
import { keyedHexOf } from "./ids.js";
import { argsOf, reply } from "./http.js";
import type { SlackMessage } from "./messages.js";
import { permalink } from "./render.js";
import type { SlackWorkspace } from "./workspace.js";

/**
 * search.messages (https://api.slack.com/methods/search.messages), computed over a frozen index of every
 * message and reply (`_snapverse/slack/search.json`, never served). The query's modifiers are Slack's:
 * `in:#channel` (or `in:<#C…|name>`), `from:@handle` (or `from:<@U…>`), `after:`, `before:` and `on:`
 * with a date (`after` and `before` exclusive of their day), `is:thread`; every other word must occur
 * in the text (case-insensitive). `sort` is `score` (how often the words occur, then newest) or
 * `timestamp`, `sort_dir` `desc` (default) or `asc`; `count` 20 by default, at most 100; `page` from 1;
 * `highlight` marks the words in each match's text.
 */
export const SEARCH_INDEX = "_snapverse/slack/search.json";

export interface IndexedMessage {
  iid: string;
  channel: { id: string; name: string };
  user: string;
  username: string;
  ts: string;
  text: string;
  thread_ts?: string;
  permalink: string;
}

export function searchIndex(ws: SlackWorkspace, messages: Map<string, SlackMessage[]>): IndexedMessage[] {
  const out: IndexedMessage[] = [];
  for (const channel of ws.channels) {
    for (const m of messages.get(channel.id) ?? []) {
      const entry = (ts: string, user: SlackMessage["user"], text: string, threadTs?: string): IndexedMessage => ({
        iid: uuid(ws.seed, `${channel.id}/${ts}`),
        channel: { id: channel.id, name: channel.name },
        user: user.id,
        username: user.handle,
        ts,
        text,
        ...(threadTs ? { thread_ts: threadTs } : {}),
        permalink: permalink(ws, channel, ts, threadTs),
      });
      out.push(entry(m.ts, m.user, m.text, m.replies.length ? m.ts : undefined));
      for (const r of m.replies) out.push(entry(r.ts, r.user, r.text, m.ts));
    }
  }
  return out;
}

function uuid(seed: string, key: string): string {
  const h = keyedHexOf(seed, `iid/${key}`, 32);
  return hexAsUuid(h);
}

interface Query {
  words: string[];
  channels: string[];
  users: string[];
  after?: number;
  before?: number;
  thread?: boolean;
}

function parseQuery(text: string): Query {
  const q: Query = { words: [], channels: [], users: [] };
  for (const raw of text.split(/\s+/).filter(Boolean)) {
    const m = /^(in|from|after|before|on|is):(.+)$/i.exec(raw);
    const key = m?.[1]!.toLowerCase();
    const value = m?.[2] ?? "";
    const day = parseTime(value);
    if (key === "in")
      q.channels.push(
        value
          .replace(/^<#([A-Z0-9]+)(\|[^>]*)?>$/, "$1")
          .replace(/^#/, "")
          .toLowerCase(),
      );
    else if (key === "from")
      q.users.push(
        value
          .replace(/^<@([A-Z0-9]+)(\|[^>]*)?>$/, "$1")
          .replace(/^@/, "")
          .toLowerCase(),
      );
    else if (key === "after" && day !== undefined) q.after = Math.max(q.after ?? 0, day + 86_400_000);
    else if (key === "before" && day !== undefined) q.before = Math.min(q.before ?? Infinity, day);
    else if (key === "on" && day !== undefined) {
      q.after = day;
      q.before = day + 86_400_000;
    } else if (key === "is" && value.toLowerCase() === "thread") q.thread = true;
    else q.words.push(raw.replace(/^"|"$/g, "").toLowerCase());
  }
  return q;
}

/**
 * `highlight=true` (or 1): each occurrence of a query word in a match's text between Slack's highlight
 * markers, U+E000 before and U+E001 after (the search.messages docs), case as written in the text.
 */
function highlighted(text: string, words: string[]): string {
  if (!words.length) return text;
  const alternatives = [...new Set(words)].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  const re = new RegExp(alternatives.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "gi");
  return text.replace(re, (m) => `\ue000${m}\ue001`);
}

function occurrences(text: string, word: string): number {
  let n = 0;
  for (let i = text.indexOf(word); i !== -1; i = text.indexOf(word, i + word.length)) n++;
  return n;
}

export const searchHandler: ComputeHandler = async (input) => {
  const args = argsOf(input);
  const query = args.get("query") ?? "";
  if (query.trim() === "") return reply({ ok: false, error: "no_query" });
  const count = Math.min(100, Math.max(1, Number.parseInt(args.get("count") ?? "20", 10) || 20));
  const page = Math.min(100, Math.max(1, Number.parseInt(args.get("page") ?? "1", 10) || 1));
  const sort = args.get("sort") === "timestamp" ? "timestamp" : "score";
  const dir = args.get("sort_dir") === "asc" ? "asc" : "desc";
  const highlight = ["true", "1"].includes(args.get("highlight") ?? "");
  const text = await input.read(SEARCH_INDEX);
  const index = text ? (JSON.parse(text) as IndexedMessage[]) : [];
  const q = parseQuery(query);
  const team = JSON.parse((await input.read("api/team.info")) ?? "{}") as { team?: { id?: string } };
  const hits = index
    .filter(
      (m) =>
        (!q.channels.length || q.channels.includes(m.channel.name) || q.channels.includes(m.channel.id.toLowerCase())) &&
        (!q.users.length || q.users.includes(m.username.toLowerCase()) || q.users.includes(m.user.toLowerCase())) &&
        (q.after === undefined || Number(m.ts) * 1000 >= q.after) &&
        (q.before === undefined || Number(m.ts) * 1000 < q.before) &&
        (!q.thread || m.thread_ts !== undefined) &&
        q.words.every((w) => m.text.toLowerCase().includes(w)),
    )
    .map((m) => ({ m, score: q.words.reduce((s, w) => s + occurrences(m.text.toLowerCase(), w), 0) }));
  const byTs = (a: { m: IndexedMessage }, b: { m: IndexedMessage }) =>
    Number(a.m.ts) - Number(b.m.ts) || (a.m.channel.id < b.m.channel.id ? -1 : 1);
  hits.sort((a, b) => (dir === "asc" ? 1 : -1) * ((sort === "score" ? a.score - b.score : 0) || byTs(a, b)));
  const total = hits.length;
  const pages = Math.max(1, Math.ceil(total / count));
  const slice = hits.slice((page - 1) * count, page * count);
  const matches: JsonValue[] = slice.map(({ m, score }) => ({
    iid: m.iid,
    team: team.team?.id ?? "",
    score,
    channel: {
      id: m.channel.id,
      is_channel: true,
      is_group: false,
      is_im: false,
      is_mpim: false,
      is_shared: false,
      is_org_shared: false,
      is_ext_shared: false,
      is_private: false,
      name: m.channel.name,
      pending_shared: [],
      is_pending_ext_shared: false,
    },
    type: "message",
    user: m.user,
    username: m.username,
    ts: m.ts,
    text: highlight ? highlighted(m.text, q.words) : m.text,
    permalink: m.permalink,
  }));
  return reply(
    {
      ok: true,
      query,
      messages: {
        total,
        pagination: {
          total_count: total,
          page,
          per_page: count,
          page_count: pages,
          first: total ? (page - 1) * count + 1 : 0,
          last: (page - 1) * count + slice.length,
        },
        paging: { count, total, page, pages },
        matches,
      },
    },
    { "x-accepted-oauth-scopes": "search:read" },
  );
};
