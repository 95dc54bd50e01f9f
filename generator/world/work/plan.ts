import { DAY, HOUR, MINUTE, days, isoDay, weekday } from "../clock.js";
import { slugify } from "../ids.js";
import type { Rng } from "../rng.js";
import type { WorldInput } from "../input.js";
import type { Transition, WorkItem, WorkItemStatus } from "./types.js";
import type { Repo } from "../code/types.js";
import type { Person, Team } from "../org/types.js";
import { BUG_SYMPTOMS, BUG_TRIGGERS, OBJECTS, VERBS } from "../vocabulary.js";

/** Everything a work item will do, planned in full before the as-of cut is applied. */
export interface CodePlan {
  item: WorkItem;
  repo: Repo;
  authorId: number;
  branch: string;
  moduleSlug: string;
  commitTimes: number[];
  prOpenAt: number;
  reviewerIds: number[];
  firstReviewAt: number;
  approveAt: number;
  /** Merged at, or closed unmerged at when `abandoned`. */
  endAt: number;
  abandoned: boolean;
  mergerId: number;
  doneAt: number;
  bugReport?: { openedAt: number; authorId: number };
  /** Assigned per repository once all plans are known. */
  pullNumber?: number;
  issueNumber?: number;
}

/**
 * Work items, created team by team and day by day. Each day and each item has its own keyed stream,
 * so a later as-of only appends days: the items of earlier days keep their keys and their history.
 */
export function planWork(opts: Pick<WorldInput, "rng" | "teams" | "people" | "repos" | "start" | "asOf" | "scale" | "generation">): {
  items: WorkItem[];
  plans: CodePlan[];
} {
  const { rng, teams, people, repos } = opts;
  const items: WorkItem[] = [];
  const plans: CodePlan[] = [];
  for (const team of teams) {
    const teamRepos = repos.filter((r) => r.teamId === team.id);
    // Keys differ between generations: each generation numbers its projects from its own thousand.
    let number = opts.generation * 1000 + rng(`team/${team.key}/first-number`).int(1, 400);
    for (const day of days(opts.start, opts.asOf)) {
      const r = rng(`team/${team.key}/day/${isoDay(day)}`);
      const weekend = weekday(day) === 0 || weekday(day) === 6;
      const expected = (weekend ? 0.1 : 0.7) * opts.scale;
      const count = Math.floor(expected) + (r.chance(expected - Math.floor(expected)) ? 1 : 0);
      for (let i = 0; i < count; i++) {
        const createdAt = day + r.int(7 * 60, 17 * 60) * MINUTE + r.int(0, 59) * 1000;
        if (createdAt > opts.asOf) continue;
        const key = `${team.key}-${number}`;
        const plan = planItem(rng(`item/${key}`), { key, number, team, people, teamRepos, createdAt, id: items.length + 1 });
        number++;
        items.push(plan.item);
        if (plan.code) plans.push(plan.code);
      }
    }
  }
  for (const item of items) cutTransitions(item, opts.asOf);
  return { items, plans };
}

function planItem(
  r: Rng,
  a: { key: string; number: number; team: Team; people: Person[]; teamRepos: Repo[]; createdAt: number; id: number },
): { item: WorkItem; code?: CodePlan } {
  const type = r.weighted([
    ["Story", 5],
    ["Bug", 3],
    ["Task", 2],
  ] as const);
  const object = r.pick(OBJECTS);
  const title = type === "Bug" ? `${capitalize(object)} ${r.pick(BUG_SYMPTOMS)} ${r.pick(BUG_TRIGGERS)}` : `${r.pick(VERBS)} ${object}`;
  const members = a.team.memberIds;
  const engineers = members.filter((id) => id !== a.team.leadId);
  const assigneeId = r.pick(engineers.length ? engineers : members);
  const reporterId = r.chance(0.5) ? a.team.leadId : r.pick(members);
  const created = a.createdAt;
  const startAt = created + r.int(0, 6) * DAY + r.int(1, 8) * HOUR;
  const item: WorkItem = {
    id: a.id,
    key: a.key,
    number: a.number,
    teamId: a.team.id,
    type,
    title,
    description:
      type === "Bug"
        ? `Seen in production: ${title.toLowerCase()}. Steps to reproduce are in the linked report.`
        : `As part of the ${a.team.name} roadmap: ${title.toLowerCase()}.`,
    priority: r.weighted([
      ["Highest", 1],
      ["High", 3],
      ["Medium", 5],
      ["Low", 2],
    ] as const),
    labels: [type === "Bug" ? "bug" : r.pick(["enhancement", "performance", "tech-debt", "security", "documentation"])],
    estimate: r.pick([1, 2, 3, 5, 8]),
    reporterId,
    assigneeId,
    createdAt: created,
    updatedAt: created,
    status: "To Do",
    transitions: [],
  };
  const move = (at: number, to: WorkItemStatus, byId = assigneeId) => {
    const from = item.transitions.at(-1)?.to ?? "To Do";
    item.transitions.push({ at, from, to, byId });
  };
  if (a.teamRepos.length === 0 || r.chance(0.2)) {
    move(startAt, "In Progress");
    move(startAt + r.int(1, 5) * DAY + r.int(0, 8) * HOUR, "Done");
    return { item };
  }

  const repo = r.pick(a.teamRepos);
  const commitCount = r.weighted([
    [1, 2],
    [2, 4],
    [3, 3],
    [4, 1],
  ] as const);
  const commitTimes = [startAt + r.int(1, 6) * HOUR];
  for (let i = 1; i < commitCount; i++) commitTimes.push(commitTimes[i - 1]! + r.int(2, 30) * HOUR + r.int(0, 59) * MINUTE);
  const prOpenAt = commitTimes[0]! + r.int(10, 90) * MINUTE;
  const reviewers = r.sample(
    members.filter((id) => id !== assigneeId),
    r.int(1, 2),
  );
  const firstReviewAt = prOpenAt + r.int(1, 20) * HOUR;
  const approveAt = Math.max(firstReviewAt, commitTimes.at(-1)!) + r.int(1, 20) * HOUR;
  const abandoned = r.chance(0.08);
  const endAt = approveAt + r.int(10, 24 * 60) * MINUTE;
  const doneAt = endAt + r.int(2, 30) * MINUTE;
  const moduleSlug = `${slugify(object)}-${a.number}`;
  const handle = a.people[assigneeId - 1]!.handles.github;
  const code: CodePlan = {
    item,
    repo,
    authorId: assigneeId,
    branch: `${handle}/${a.key.toLowerCase()}-${slugify(object)}`,
    moduleSlug,
    commitTimes,
    prOpenAt,
    reviewerIds: reviewers.length ? reviewers : [a.team.leadId],
    firstReviewAt,
    approveAt,
    endAt,
    abandoned,
    mergerId: r.chance(0.7) ? assigneeId : (reviewers[0] ?? assigneeId),
    doneAt,
  };
  if (type === "Bug" && r.chance(0.6)) code.bugReport = { openedAt: created - r.int(5, 240) * MINUTE, authorId: reporterId };
  item.repoId = repo.id;
  move(startAt, "In Progress");
  move(prOpenAt, "In Review");
  move(doneAt, abandoned ? "Canceled" : "Done", abandoned ? a.team.leadId : assigneeId);
  return { item, code };
}

/** Drops what happens after the as-of time and settles each item's current status. */
function cutTransitions(item: WorkItem, asOf: number): void {
  item.transitions = item.transitions.filter((t: Transition) => t.at <= asOf);
  const last = item.transitions.at(-1);
  item.status = last?.to ?? "To Do";
  item.updatedAt = last?.at ?? item.createdAt;
}

function capitalize(s: string): string {
  return s[0]!.toUpperCase() + s.slice(1);
}
