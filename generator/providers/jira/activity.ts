import type { JsonObject, JsonValue } from "../../core/provider.js";
import { MINUTE } from "../../world/clock.js";
import { Rng } from "../../world/rng.js";
import type { WorkItem } from "../../world/types.js";
import { doc, paragraph } from "./adf.js";
import type { JiraContext } from "./context.js";
import { RESOLUTIONS, SPRINT_FIELD, resolutionOf, statusDef } from "./schemes.js";

/**
 * What happened to an issue besides its fields, derived from the world and keyed by the issue so that
 * adding anything elsewhere shifts nothing here:
 * - comments: the bug report it was filed from, the pull request that implements it (opened, merged or
 *   closed, with links to GitHub), for work done without code a closing note, and (live only) the
 *   scheduled stale-work rule's nudges, by the Automation for Jira app;
 * - worklogs: the assignee logs the time worked when they move the issue to In Review or Done;
 * - the changelog: the assignment, the sprint it was planned into, and every status transition (with the
 *   resolution set on the way to Done or Canceled), each by the person who made it;
 * - on generation 5, the pull request's diff attached as a file.
 * Nothing is dated after the as-of time.
 */

/** `app`: written by the Automation for Jira app account (users.ts), not by `authorId`'s person. */
export interface CommentData {
  id: string;
  authorId: number;
  at: number;
  body: JsonValue;
  app?: true;
}
export interface WorklogData {
  id: string;
  authorId: number;
  started: number;
  at: number;
  seconds: number;
  comment: JsonValue;
}
export interface HistoryData {
  id: string;
  authorId: number;
  at: number;
  items: JsonObject[];
}
export interface AttachmentData {
  id: string;
  authorId: number;
  at: number;
  filename: string;
  mimeType: string;
  content: string;
}

function rng(jc: JiraContext, i: WorkItem, what: string): Rng {
  return new Rng(jc.world.generation.seed, `jira/issue/${i.key}/${what}`);
}

const NO_CODE_NOTES = [
  "Done: this needed a configuration change only, no code.",
  "Handled in the admin console; nothing to merge.",
  "Verified in staging and closed.",
  "Covered by an existing setting. Closing.",
];

export function commentsOf(jc: JiraContext, i: WorkItem): CommentData[] {
  return jc.once(`comments/${i.key}`, () => {
    const out: Array<Omit<CommentData, "id">> = [];
    const org = jc.world.company.slug;
    const bug = jc.bugReport(i);
    if (bug) {
      const at = Math.max(i.createdAt, bug.issue.createdAt) + rng(jc, i, "comment/bug").int(2, 40) * MINUTE;
      out.push({
        authorId: i.reporterId,
        at,
        body: doc(
          paragraph(
            "Filed from the report in ",
            { text: `${org}/${bug.repo.name}#${bug.issue.number}`, href: jc.issueWeb(bug.repo, bug.issue.number) },
            `: ${bug.issue.title}.`,
          ),
        ),
      });
    }
    const code = jc.pull(i);
    if (code) {
      const { repo, pr } = code;
      const link = { text: `${org}/${repo.name}#${pr.number}`, href: jc.pullWeb(repo, pr.number) };
      out.push({ authorId: pr.authorId, at: pr.createdAt, body: doc(paragraph("Opened pull request ", link, `: ${pr.title}`)) });
      if (pr.mergedAt !== undefined && pr.mergeCommitSha) {
        out.push({
          authorId: pr.mergedById ?? pr.authorId,
          at: pr.mergedAt + rng(jc, i, "comment/merge").int(1, 20) * MINUTE,
          body: doc(
            paragraph(
              "Merged ",
              link,
              ` into ${repo.defaultBranch} as `,
              { text: pr.mergeCommitSha.slice(0, 7), href: jc.commitWeb(repo, pr.mergeCommitSha) },
              ".",
            ),
          ),
        });
      } else if (pr.closedAt !== undefined) {
        out.push({
          authorId: jc.teamOf(i).leadId,
          at: pr.closedAt,
          body: doc(paragraph("Closed ", link, " without merging: we are not going ahead with this.")),
        });
      }
    } else {
      const done = i.transitions.find((t) => t.to === "Done");
      const r = rng(jc, i, "comment/note");
      if (done && r.chance(0.5))
        out.push({ authorId: done.byId, at: done.at - r.int(1, 30) * MINUTE, body: doc(paragraph(r.pick(NO_CODE_NOTES))) });
    }
    out.push(...nudgesOf(jc, i));
    return out
      .filter((c) => c.at <= jc.world.asOf)
      .sort((a, b) => a.at - b.at)
      .map((c, n) => ({ id: jc.childId(i, "comment", n + 1), ...c }));
  });
}

/**
 * The world's stale-work rule (world/work/automation.ts) as Jira runs it: a global Automation for Jira rule on
 * a schedule (every 6 hours), which looks up `statusCategory != Done AND updated <= -1d ORDER BY updated
 * ASC` and comments on the first issue as the rule's default actor, the Automation for Jira app. The
 * comment is the only change, so `updated` (and JQL's `ORDER BY updated`) moves with it, and the changelog
 * does not (comments are not changelog entries).
 */
function nudgesOf(jc: JiraContext, i: WorkItem): Array<Omit<CommentData, "id">> {
  const assignee = jc.person(i.assigneeId);
  return jc.staleNudges(i).map((n) => ({
    authorId: i.assigneeId,
    app: true as const,
    at: n.at,
    body: doc(
      paragraph(
        `${assignee.name}, this issue has had no update since ${jc.day(n.idleSince)}. Is it still on track? Please move it on, or add a ` +
          `comment saying what is blocking it.`,
      ),
    ),
  }));
}

const WORK_NOTES: Record<string, string[]> = {
  "In Review": ["Implementation and tests.", "Wrote the change and the tests.", "Coding, then opened the pull request."],
  Done: ["Review fixes and release.", "Addressed review comments.", "Verification and rollout.", "Finished and verified."],
};

export function worklogsOf(jc: JiraContext, i: WorkItem): WorklogData[] {
  return jc.once(`worklogs/${i.key}`, () => {
    const out: WorklogData[] = [];
    let previous = i.createdAt;
    i.transitions.forEach((t, n) => {
      const notes = WORK_NOTES[t.to];
      if (notes && t.byId === i.assigneeId) {
        const r = rng(jc, i, `worklog/${n}`);
        const wanted = r.int(2, 16) * 15 * 60;
        const started = Math.max(previous, t.at - wanted * 1000);
        const seconds = Math.max(60, Math.floor((t.at - started) / 60_000) * 60);
        out.push({
          id: jc.childId(i, "worklog", out.length + 1),
          authorId: t.byId,
          started,
          at: t.at,
          seconds,
          comment: doc(paragraph(r.pick(notes))),
        });
      }
      previous = t.at;
    });
    return out;
  });
}

/** When the assignee was set: by the reporter, minutes after the issue was created. */
export function assignedAt(jc: JiraContext, i: WorkItem): number {
  return Math.min(i.createdAt + rng(jc, i, "assigned").int(1, 20) * MINUTE, i.transitions[0]?.at ?? Number.MAX_SAFE_INTEGER, jc.world.asOf);
}

/** When the issue joined its sprint: at planning (the sprint's start), or when created during the sprint. */
export function sprintAddedAt(jc: JiraContext, i: WorkItem): number | undefined {
  const s = jc.sprint(i.sprintId);
  if (!s) return undefined;
  const at = Math.max(s.startAt, i.createdAt + 2 * MINUTE);
  return Math.min(at, i.transitions[0]?.at ?? at, jc.world.asOf);
}

export function historiesOf(jc: JiraContext, i: WorkItem): HistoryData[] {
  return jc.once(`histories/${i.key}`, () => {
    const team = jc.teamOf(i);
    const assignee = jc.person(i.assigneeId);
    const out: Array<Omit<HistoryData, "id"> & { order: number }> = [];
    out.push({
      authorId: i.reporterId,
      at: assignedAt(jc, i),
      order: 0,
      items: [
        {
          field: "assignee",
          fieldtype: "jira",
          fieldId: "assignee",
          from: null,
          fromString: null,
          to: jc.accountId(assignee),
          toString: assignee.name,
          tmpFromAccountId: null,
          tmpToAccountId: jc.accountId(assignee),
        },
      ],
    });
    const sprint = jc.sprint(i.sprintId);
    const added = sprintAddedAt(jc, i);
    if (sprint && added !== undefined) {
      out.push({
        authorId: team.leadId,
        at: added,
        order: 1,
        items: [
          {
            field: "Sprint",
            fieldtype: "custom",
            fieldId: SPRINT_FIELD,
            from: "",
            fromString: "",
            to: String(jc.sprintId(team, sprint)),
            toString: jc.sprintName(team, sprint),
          },
        ],
      });
    }
    i.transitions.forEach((t, n) => {
      const from = statusDef(t.from);
      const to = statusDef(t.to);
      const items: JsonObject[] = [];
      const reso = t.to === "Done" ? "Done" : t.to === "Canceled" ? "Won't Do" : undefined;
      if (reso) {
        const r = RESOLUTIONS.find((x) => x.name === reso)!;
        items.push({
          field: "resolution",
          fieldtype: "jira",
          fieldId: "resolution",
          from: null,
          fromString: null,
          to: r.id,
          toString: r.name,
        });
      }
      items.push({
        field: "status",
        fieldtype: "jira",
        fieldId: "status",
        from: from.id,
        fromString: from.name,
        to: to.id,
        toString: to.name,
      });
      out.push({ authorId: t.byId, at: t.at, order: 2 + n, items });
    });
    return out
      .sort((a, b) => a.at - b.at || a.order - b.order)
      .map(({ order: _order, ...h }, n) => ({ id: jc.childId(i, "history", n + 1), ...h }));
  });
}

/** Generation 5: the pull request's diff, attached by its author when the request was opened. */
export function attachmentsOf(jc: JiraContext, i: WorkItem): AttachmentData[] {
  if (!jc.files) return [];
  return jc.once(`attachments/${i.key}`, () => {
    const code = jc.pull(i);
    if (!code || code.pr.files.length === 0) return [];
    const { pr } = code;
    const at = pr.createdAt + rng(jc, i, "attachment").int(1, 10) * MINUTE;
    if (at > jc.world.asOf) return [];
    const content = pr.files
      .map((f) => {
        const a = f.status === "added" ? "/dev/null" : `a/${f.path}`;
        const b = f.status === "removed" ? "/dev/null" : `b/${f.path}`;
        return `diff --git a/${f.path} b/${f.path}\n--- ${a}\n+++ ${b}\n${f.patch}\n`;
      })
      .join("");
    return [
      {
        id: jc.childId(i, "attachment", 1),
        authorId: pr.authorId,
        at,
        filename: `${i.key.toLowerCase()}-pr-${pr.number}.diff`,
        mimeType: "text/x-diff",
        content,
      },
    ];
  });
}

/** The resolution's date: the transition that set it. */
export function resolvedAt(i: WorkItem): number | undefined {
  return resolutionOf(i) ? [...i.transitions].reverse().find((t) => t.to === i.status)?.at : undefined;
}

/** When the status last changed category (To Do, In Progress, Done): Jira's statuscategorychangedate. */
export function categoryChangedAt(i: WorkItem): number {
  let at = i.createdAt;
  for (const t of i.transitions) if (statusDef(t.from).category !== statusDef(t.to).category) at = t.at;
  return at;
}
