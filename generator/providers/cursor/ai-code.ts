import type { Reply } from "../../core/compute.js";
import { isDateOnly, parseTime } from "../../core/lists/values.js";
import type { JsonObject, ComputeHandler, ComputeInput } from "../../core/provider.js";
import { DAY, isoMillis } from "../../world/clock.js";
import type { Commit, CursorDay, Repo } from "../../world/types.js";
import { type CursorContext, digest, type Member } from "./context.js";
import { DATA, readData, type TeamData, type TeamMember } from "./data.js";
import { notFound } from "./errors.js";
import { asOfOf, badRequest, csvField, fail, isReply } from "./request.js";
import { splitByWeights } from "../../core/keyed.js";
import type { ComputedRoute } from "../../core/define-provider.js";

/**
 * The AI Code Tracking API (https://cursor.com/docs/account/teams/ai-code-tracking-api): the commits
 * team members made in Cursor, with the lines Tab and Composer wrote, and the accepted AI changes behind
 * them.
 *
 * The commits are the world's own: a commit counts when its author has a Cursor seat, used Cursor on
 * the UTC day they authored it, and made it in Cursor (about four in five, chosen by a hash of the SHA;
 * the squash merges GitHub's web flow made are never Cursor's). Lines are the commit's files' sums. The
 * AI share of each commit is drawn from a hash of its SHA and split between Tab and Composer; the AI
 * lines of a day's commits never exceed the lines the person accepted that day (`acceptedLinesAdded`,
 * `acceptedLinesDeleted` of the daily usage), and `nonAiLines*` are the rest, as Cursor derives them.
 * Each source's lines of a commit are one accepted change, shortly before the commit, spread over the
 * commit's files in proportion to their own changes.
 */
interface Tracked {
  commit: Commit;
  repo: Repo;
  branch: string;
  primary: boolean;
  member: Member;
  day: CursorDay;
}

/** Commits made in Cursor: an author with a seat, a day of use, and the hash's four in five. */
function trackedCommits(c: CursorContext): Tracked[] {
  const out: Tracked[] = [];
  const consider = (commit: Commit, repo: Repo, branch: string, primary: boolean) => {
    if (commit.committerId === undefined) return;
    const member = c.member(commit.authorId);
    const day = c.dayOf(commit.authorId, commit.authoredAt);
    if (!member || !day || commit.authoredAt < member.seat.since || commit.authoredAt > c.world.asOf) return;
    if (digest(`cursor/ai-code/tracked/${commit.sha}`)[0]! >= 205) return;
    out.push({ commit, repo, branch, primary, member, day });
  };
  for (const repo of c.world.repos) {
    for (const commit of repo.mainCommits.slice(1)) consider(commit, repo, repo.defaultBranch, true);
    for (const pull of repo.pulls) for (const commit of pull.commits) consider(commit, repo, pull.headBranch, false);
  }
  return out.sort((a, b) => a.commit.authoredAt - b.commit.authoredAt || (a.commit.sha < b.commit.sha ? -1 : 1));
}

function extensionOf(path: string): string | undefined {
  const base = path.slice(path.lastIndexOf("/") + 1);
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1) : undefined;
}

interface Lines {
  tabAdded: number;
  tabDeleted: number;
  composerAdded: number;
  composerDeleted: number;
}

/** The API's items: commits and changes, newest first. */
export function aiCodeItems(c: CursorContext): { commits: JsonObject[]; changes: JsonObject[] } {
  const tracked = trackedCommits(c);
  // What each person accepted on each day bounds the AI lines of that day's commits.
  const budget = new Map<CursorDay, { added: number; deleted: number }>();
  const commits: Array<{ at: number; item: JsonObject }> = [];
  const changes: Array<{ at: number; item: JsonObject }> = [];
  const changeIds = new Set<string>();
  const org = c.world.company.slug;
  for (const t of tracked) {
    const { commit, member, day } = t;
    const h = digest(`cursor/ai-code/lines/${commit.sha}`);
    const createdAt = commit.authoredAt + (5 + (h[3]! % 60)) * 1000;
    if (createdAt > c.world.asOf) continue;
    const added = commit.files.reduce((s, f) => s + f.additions, 0);
    const deleted = commit.files.reduce((s, f) => s + f.deletions, 0);
    const left = budget.get(day) ?? { added: day.acceptedLinesAdded, deleted: day.acceptedLinesDeleted };
    const aiAdded = Math.min(left.added, Math.floor((added * (20 + (h[0]! % 61))) / 100));
    const aiDeleted = Math.min(left.deleted, Math.floor((deleted * (10 + (h[1]! % 61))) / 100));
    budget.set(day, { added: left.added - aiAdded, deleted: left.deleted - aiDeleted });
    const tabShare = 25 + (h[2]! % 46);
    const tabAdded = Math.floor((aiAdded * tabShare) / 100);
    const tabDeleted = Math.floor((aiDeleted * tabShare) / 100);
    const lines: Lines = { tabAdded, tabDeleted, composerAdded: aiAdded - tabAdded, composerDeleted: aiDeleted - tabDeleted };
    commits.push({
      at: commit.authoredAt,
      item: {
        commitHash: commit.sha,
        userId: member.id,
        userEmail: member.person.email,
        repoName: `${org}/${t.repo.name}`,
        branchName: t.branch,
        isPrimaryBranch: t.primary,
        commitSource: "ide",
        totalLinesAdded: added,
        totalLinesDeleted: deleted,
        tabLinesAdded: lines.tabAdded,
        tabLinesDeleted: lines.tabDeleted,
        composerLinesAdded: lines.composerAdded,
        composerLinesDeleted: lines.composerDeleted,
        nonAiLinesAdded: Math.max(0, added - aiAdded),
        nonAiLinesDeleted: Math.max(0, deleted - aiDeleted),
        message: commit.message,
        commitTs: isoMillis(commit.authoredAt),
        createdAt: isoMillis(createdAt),
      },
    });
    for (const [source, a, d] of [
      ["TAB", lines.tabAdded, lines.tabDeleted],
      ["COMPOSER", lines.composerAdded, lines.composerDeleted],
    ] as const) {
      if (a + d === 0) continue;
      const k = digest(`cursor/ai-code/change/${commit.sha}/${source}`);
      let id = 100_000_000 + (k.readUInt32BE(0) % 900_000_000);
      while (changeIds.has(String(id))) id = id === 999_999_999 ? 100_000_000 : id + 1;
      changeIds.add(String(id));
      const at = commit.authoredAt - (60 + (k[4]! % 50) * 60 + (k[5]! % 60)) * 1000;
      const perFileAdded = splitByWeights(
        a,
        commit.files.map((f) => f.additions),
      );
      const perFileDeleted = splitByWeights(
        d,
        commit.files.map((f) => f.deletions),
      );
      const metadata = commit.files.flatMap((f, i) => {
        if (perFileAdded[i]! + perFileDeleted[i]! === 0) return [];
        const ext = extensionOf(f.path);
        return [
          { fileName: f.path, ...(ext ? { fileExtension: ext } : {}), linesAdded: perFileAdded[i]!, linesDeleted: perFileDeleted[i]! },
        ];
      });
      changes.push({
        at,
        item: {
          changeId: String(id),
          userId: member.id,
          userEmail: member.person.email,
          source,
          model: source === "COMPOSER" ? day.model : null,
          totalLinesAdded: a,
          totalLinesDeleted: d,
          createdAt: isoMillis(at),
          metadata,
        },
      });
    }
  }
  const newest = (x: { at: number; item: JsonObject }, y: { at: number; item: JsonObject }, id: string) =>
    y.at - x.at || ((x.item[id] as string) < (y.item[id] as string) ? -1 : 1);
  return {
    commits: commits.sort((x, y) => newest(x, y, "commitHash")).map((x) => x.item),
    changes: changes.sort((x, y) => newest(x, y, "changeId")).map((x) => x.item),
  };
}

// --- The CSV downloads ----------------------------------------------------------------------------------

/*
 * The JSON lists are the query engine's (lists.ts). The CSV downloads answer every matching record at
 * once, computed here with the same reading of the parameters: `startDate`/`endDate` an ISO date or
 * instant, `now` or `<n>d` (now minus n days; default: the last 7 days), a date alone as `endDate` its
 * whole day; `user` an email, an encoded id or a numeric id of a member.
 */
function when(value: string | undefined, fallback: number, asOf: number, end: boolean): number | undefined {
  if (value === undefined) return fallback;
  if (value === "now") return asOf;
  const rel = /^(\d{1,5})d$/.exec(value);
  if (rel) return asOf - Number(rel[1]) * DAY;
  const at = parseTime(value);
  if (at === undefined) return undefined;
  return end && isDateOnly(value) ? at + DAY - 1 : at;
}

interface Query {
  start: number;
  end: number;
  userId: string | undefined;
}

async function readQuery(input: ComputeInput): Promise<Query | Reply> {
  const one = (name: string) => input.query.find(([k]) => k === name)?.[1];
  const asOf = asOfOf(input);
  const start = when(one("startDate"), asOf - 7 * DAY, asOf, false);
  if (start === undefined) return badRequest("startDate is invalid");
  const end = when(one("endDate"), asOf, asOf, true);
  if (end === undefined) return badRequest("endDate is invalid");
  const user = one("user");
  let userId: string | undefined;
  if (user !== undefined) {
    const team = await readData<TeamData>(input, DATA.team);
    if (!team) return fail(notFound);
    const m = team.members.find((x) => x.email === user || x.id === user || String(x.userId) === user);
    if (!m) return badRequest("Some users are not in the team");
    userId = m.id;
  }
  return { start, end, userId };
}

/** A user by email (any case), encoded id (`user_…`) or numeric id: the writes name members so. */
export function findMember(members: TeamMember[], user: string): TeamMember | undefined {
  const lower = user.toLowerCase();
  return members.find((m) => m.email.toLowerCase() === lower || m.id === user || (/^\d+$/.test(user) && m.userId === Number(user)));
}

async function matching(input: ComputeInput, key: string, time: string): Promise<JsonObject[] | Reply> {
  const q = await readQuery(input);
  if (isReply(q)) return q;
  const all = await readData<JsonObject[]>(input, key);
  if (!all) return fail(notFound);
  return all.filter((i) => {
    const at = Date.parse(i[time] as string);
    return at >= q.start && at <= q.end && (q.userId === undefined || i.userId === q.userId);
  });
}

const COMMIT_COLUMNS: Array<[string, string]> = [
  ["commit_hash", "commitHash"],
  ["user_id", "userId"],
  ["user_email", "userEmail"],
  ["repo_name", "repoName"],
  ["branch_name", "branchName"],
  ["is_primary_branch", "isPrimaryBranch"],
  ["total_lines_added", "totalLinesAdded"],
  ["total_lines_deleted", "totalLinesDeleted"],
  ["tab_lines_added", "tabLinesAdded"],
  ["tab_lines_deleted", "tabLinesDeleted"],
  ["composer_lines_added", "composerLinesAdded"],
  ["composer_lines_deleted", "composerLinesDeleted"],
  ["non_ai_lines_added", "nonAiLinesAdded"],
  ["non_ai_lines_deleted", "nonAiLinesDeleted"],
  ["message", "message"],
  ["commit_ts", "commitTs"],
  ["created_at", "createdAt"],
];

const CHANGE_COLUMNS: Array<[string, string]> = [
  ["change_id", "changeId"],
  ["user_id", "userId"],
  ["user_email", "userEmail"],
  ["source", "source"],
  ["model", "model"],
  ["total_lines_added", "totalLinesAdded"],
  ["total_lines_deleted", "totalLinesDeleted"],
  ["created_at", "createdAt"],
  ["metadata_json", "metadata"],
];

/** The CSV downloads: every matching record (no paging), the documented columns, quoted text fields. */
function csvList(key: string, time: string, columns: Array<[string, string]>, quoted: string[]): ComputeHandler {
  return async (input) => {
    const items = await matching(input, key, time);
    if (isReply(items)) return items;
    const rows = items.map((i) =>
      columns
        .map(([, field]) => {
          const v = i[field];
          return csvField(typeof v === "object" && v !== null ? JSON.stringify(v) : v, quoted.includes(field));
        })
        .join(","),
    );
    const text = [columns.map(([name]) => name).join(","), ...rows].map((l) => `${l}\n`).join("");
    return { status: 200, headers: { "content-type": "text/csv; charset=utf-8" }, body: text };
  };
}

const commitsCsv = csvList(DATA.commits, "commitTs", COMMIT_COLUMNS, ["message"]);
const changesCsv = csvList(DATA.changes, "createdAt", CHANGE_COLUMNS, ["metadata"]);

export const aiCodeRoutes: ComputedRoute[] = ["GET", "HEAD"].flatMap((method) => [
  { method, path: "^analytics/ai-code/commits\\.csv$", handler: "ai-code-commits-csv", run: commitsCsv },
  { method, path: "^analytics/ai-code/changes\\.csv$", handler: "ai-code-changes-csv", run: changesCsv },
]);
