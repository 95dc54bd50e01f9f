import { createHash } from "node:crypto";
import { WorldContext } from "../../core/context.js";
import type { PinContext } from "../../core/provider.js";
import { isoMillis } from "../../world/clock.js";
import type { Person, PullRequest, Repo, Sprint, StaleNudge, Team, World, WorkItem } from "../../world/types.js";

/**
 * What every Jira renderer needs: the pin's origin (the Jira site: `/rest/api/3` and `/rest/agile/1.0`
 * hang off it), Jira's ids, its time format, and indexes into the world.
 *
 * Ids are composed so one alias rule per project maps an id back to a key: an issue's id is `1`, the
 * team's id in two digits, then the issue number (PAY-5092 in team 1 is `1015092`). Project ids are
 * 10000 + n, board ids the team's id, sprint ids `boardId * 1000 + sprint number`.
 */
export class JiraContext extends WorldContext {
  /** `https://<pin>.snap.<domain>`: the Jira site. */
  readonly site: string;
  readonly api: string;
  readonly agile: string;
  /** Where pull requests live on the web (the GitHub pin's web host). */
  readonly github: string;
  readonly files: boolean;
  /** The authenticated user: the site administrator. Dates are written in their time zone, as Jira does. */
  readonly viewer: Person;
  private readonly items: Map<string, WorkItem>;
  private readonly nudges = new Map<string, StaleNudge[]>();

  constructor(world: World, pin: PinContext) {
    super(world, pin);
    this.site = pin.origin;
    this.api = `${pin.origin}/rest/api/3`;
    this.agile = `${pin.origin}/rest/agile/1.0`;
    this.github = `https://github.${pin.catalog.serviceDomain}`;
    this.files = pin.pin.files;
    this.viewer = world.people.find((p) => p.admin) ?? world.people[0]!;
    this.items = new Map(world.workItems.map((i) => [i.key, i]));
    for (const n of world.staleNudges) this.nudges.set(n.itemKey, [...(this.nudges.get(n.itemKey) ?? []), n]);
  }

  // Ids.
  accountId(p: Person): string {
    return this.once(
      `account/${p.id}`,
      () => `5${hash(`${this.world.generation.seed}\u0000atlassian\u0000${p.handles.atlassian}`).slice(0, 23)}`,
    );
  }

  projectId(t: Team): string {
    return String(10000 + t.id - 1);
  }

  issueId(i: WorkItem): string {
    return `1${String(i.teamId).padStart(2, "0")}${i.number}`;
  }

  boardId(t: Team): number {
    return t.id;
  }

  sprintId(t: Team, s: Sprint): number {
    return this.boardId(t) * 1000 + s.number;
  }

  sprintName(t: Team, s: Sprint): string {
    return `${t.key} ${s.name}`;
  }

  /** Comment, worklog and changelog ids: the issue's id and a running number (Jira's are site-wide integers). */
  childId(i: WorkItem, kind: "comment" | "worklog" | "history" | "attachment", n: number): string {
    const band = { comment: 1, worklog: 2, history: 3, attachment: 4 }[kind];
    return `${this.issueId(i)}${band}${String(n).padStart(2, "0")}`;
  }

  // Time: Jira writes milliseconds and the viewer's UTC offset without a colon.
  time(ms: number): string {
    return jiraTime(ms, this.viewer.utcOffsetMinutes);
  }

  /** A day in the viewer's time zone, `2026-04-02`. */
  day(ms: number): string {
    return isoMillis(ms + this.viewer.utcOffsetMinutes * 60_000).slice(0, 10);
  }

  // Lookups.
  item(key: string): WorkItem | undefined {
    return this.items.get(key);
  }

  /** The stale-work rule's runs on an item (live only), oldest first. */
  staleNudges(i: WorkItem): StaleNudge[] {
    return this.nudges.get(i.key) ?? [];
  }

  teamOf(i: WorkItem): Team {
    return this.team(i.teamId);
  }

  sprint(id: number | undefined): Sprint | undefined {
    return id === undefined ? undefined : this.world.sprints.find((s) => s.id === id);
  }

  /** The pull request that implements an item, and its repository. */
  pull(i: WorkItem): { repo: Repo; pr: PullRequest } | undefined {
    if (i.repoId === undefined) return undefined;
    return this.once(`pull/${i.key}`, () => {
      const repo = this.world.repos.find((r) => r.id === i.repoId);
      const pr = repo?.pulls.find((p) => p.workItemKey === i.key);
      return repo && pr ? { repo, pr } : undefined;
    });
  }

  /** The bug report on GitHub that an item was filed from. */
  bugReport(i: WorkItem) {
    return this.once(`bug/${i.key}`, () => {
      for (const repo of this.world.repos) {
        const issue = repo.issues.find((x) => x.workItemKey === i.key);
        if (issue) return { repo, issue };
      }
      return undefined;
    });
  }

  pullWeb(repo: Repo, number: number): string {
    return `${this.github}/${this.world.company.slug}/${repo.name}/pull/${number}`;
  }

  issueWeb(repo: Repo, number: number): string {
    return `${this.github}/${this.world.company.slug}/${repo.name}/issues/${number}`;
  }

  commitWeb(repo: Repo, sha: string): string {
    return `${this.github}/${this.world.company.slug}/${repo.name}/commit/${sha}`;
  }
}

export function hash(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** `2026-04-02T18:14:00.000+0900` */
export function jiraTime(ms: number, offsetMinutes: number): string {
  const local = isoMillis(ms + offsetMinutes * 60_000).slice(0, 23);
  const abs = Math.abs(offsetMinutes);
  return `${local}${offsetMinutes < 0 ? "-" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}${String(abs % 60).padStart(2, "0")}`;
}

/** `1d 3h 20m`, as Jira writes a duration: a week is 5 days and a day 8 hours (the defaults). */
export function duration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const parts: Array<[number, string]> = [
    [Math.floor(minutes / 2400), "w"],
    [Math.floor(minutes / 480) % 5, "d"],
    [Math.floor(minutes / 60) % 8, "h"],
    [minutes % 60, "m"],
  ];
  return (
    parts
      .filter(([n]) => n > 0)
      .map(([n, u]) => `${n}${u}`)
      .join(" ") || "0m"
  );
}
