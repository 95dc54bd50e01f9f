import { HOUR, MINUTE } from "../clock.js";
import { fileChange } from "./diff.js";
import { WorkTree, type GitPerson } from "../git.js";
import { LAYOUTS, camel, pascal } from "./languages.js";
import type { CodePlan } from "../work/plan.js";
import type { WorldInput } from "../input.js";
import type { Render } from "../templates.js";
import type { Commit, Issue, PullRequest, Repo } from "./types.js";
import type { Person, Team } from "../org/types.js";
import { initialFiles } from "./repos.js";
import { REVIEW_REMARKS } from "../vocabulary.js";

interface Snapshot {
  content: Map<string, string>;
  /** The blob id of every path, and the tree ids of its folders as of `head`. */
  tree: WorkTree;
  head: string;
}

type Ctx = Pick<WorldInput, "seed" | "ids" | "rng" | "render" | "people" | "company" | "asOf">;

/**
 * Replays one repository's history in time order: the initial import, every branch commit, every
 * squash merge. Each commit is a real git object over real trees, so SHAs are content addresses.
 */
export function buildHistory(repo: Repo, team: Team, plans: CodePlan[], c: Ctx): void {
  const lead = c.people[team.leadId - 1]!;
  const main = initialSnapshot(repo, team, lead, c);
  const branches = new Map<CodePlan, BranchState>();
  const pulls = new Map<CodePlan, PullRequest>();

  numberThreads(repo, plans, c.asOf);
  for (const plan of plans) {
    if (plan.prOpenAt > c.asOf) continue;
    const pr = openPull(plan, repo, c);
    pulls.set(plan, pr);
    repo.pulls.push(pr);
  }

  const events: Array<{ at: number; order: string; run: () => void }> = [];
  for (const plan of plans) {
    plan.commitTimes.forEach((at, index) => events.push({ at, order: `${plan.item.key}/c${index}`, run: () => branchCommit(plan, index) }));
    if (!plan.abandoned) events.push({ at: plan.endAt, order: `${plan.item.key}/merge`, run: () => merge(plan) });
  }
  events.sort((a, b) => a.at - b.at || (a.order < b.order ? -1 : 1));
  for (const e of events) if (e.at <= c.asOf) e.run();

  for (const [plan, pr] of pulls) {
    const branch = branches.get(plan);
    if (branch) {
      pr.baseSha = branch.baseSha;
      pr.commits = branch.commits;
      pr.files = branchDiff(branch);
    }
    finishPull(plan, pr, c);
  }
  repo.pulls.sort((a, b) => a.number - b.number);
  // Merged and closed pull requests had their branches deleted; open work keeps its branch. A branch
  // whose pull request is not open yet (pushed minutes before) is left out with its commits: no
  // provider could list them, since only pull requests and main carry commits in this world.
  const live = [...branches].filter(([plan]) => pulls.get(plan)?.state === "open");
  repo.branches = [
    { name: repo.defaultBranch, headSha: main.head, protected: true },
    ...live.map(([plan, b]) => ({ name: plan.branch, headSha: b.snap.head, protected: false })),
  ].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  bugReports(repo, plans, pulls, c);

  function branchCommit(plan: CodePlan, index: number): void {
    let branch = branches.get(plan);
    if (!branch) {
      branch = {
        snap: { content: new Map(main.content), tree: main.tree.fork(), head: main.head },
        commits: [],
        baseSha: main.head,
        base: new Map(),
      };
      branches.set(plan, branch);
    }
    const before = new Map<string, string | undefined>();
    for (const [path, text] of branchEdit(plan, index, branch.snap.content, c.render)) {
      if (!before.has(path)) before.set(path, branch.snap.content.get(path));
      if (!branch.base.has(path)) branch.base.set(path, { text: branch.snap.content.get(path), sha: branch.snap.tree.get(path) });
      branch.snap.content.set(path, text);
    }
    const author = c.people[plan.authorId - 1]!;
    const at = plan.commitTimes[index]!;
    const note = ["add tests", "address review comments", "handle the empty case"][Math.min(index - 1, 2)];
    const message = index === 0 ? `${plan.item.key}: ${lower(plan.item.title)}` : `${plan.item.key}: ${note}`;
    branch.commits.push(
      commitSnapshot(repo, branch.snap, before, message, person(author, at), person(author, at), plan.authorId, plan.authorId, [
        plan.item.key,
      ]),
    );
  }

  function merge(plan: CodePlan): void {
    const pr = pulls.get(plan);
    const branch = branches.get(plan);
    if (!pr || !branch) return;
    const before = new Map<string, string | undefined>();
    for (const f of branchDiff(branch)) {
      before.set(f.path, main.content.get(f.path));
      if (f.path === "CHANGELOG.md") main.content.set(f.path, `${main.content.get(f.path) ?? ""}${changelogLine(plan, pr.number)}`);
      else main.content.set(f.path, branch.snap.content.get(f.path)!);
    }
    const merger = c.people[plan.mergerId - 1]!;
    const author = c.people[plan.authorId - 1]!;
    const bullets = branch.commits.map((cm) => `* ${cm.message.split("\n")[0]}`).join("\n\n");
    const message = `${plan.item.key}: ${plan.item.title} (#${pr.number})\n\n${bullets}`;
    const commit = commitSnapshot(repo, main, before, message, person(author, plan.endAt), webFlow(plan.endAt), plan.authorId, undefined, [
      plan.item.key,
    ]);
    repo.mainCommits.push(commit);
    pr.mergedAt = plan.endAt;
    pr.closedAt = plan.endAt;
    pr.state = "closed";
    pr.mergeCommitSha = commit.sha;
    pr.mergedById = merger.id;
  }

  function initialSnapshot(r: Repo, t: Team, l: Person, cx: Ctx): Snapshot {
    const content = initialFiles(cx.render, r, t, l, cx.company);
    const snap: Snapshot = { content, tree: new WorkTree(), head: "" };
    const commit = commitSnapshot(
      r,
      snap,
      new Map([...content.keys()].map((path) => [path, undefined])),
      "Initial commit",
      person(l, r.createdAt),
      person(l, r.createdAt),
      l.id,
      l.id,
      [],
    );
    r.mainCommits.push(commit);
    return snap;
  }
}

interface BranchState {
  snap: Snapshot;
  commits: Commit[];
  baseSha: string;
  /** Every path the branch wrote, as it was at its base (undefined: the path did not exist there). */
  base: Map<string, { text: string | undefined; sha: string | undefined }>;
}

/**
 * Commits the paths of `changed` (each with its text before; undefined when it is new): a path whose text
 * did not change keeps its blob. The files changed are listed in path order.
 */
function commitSnapshot(
  repo: Repo,
  snap: Snapshot,
  changed: Map<string, string | undefined>,
  message: string,
  author: GitPerson,
  committer: GitPerson,
  authorId: number,
  committerId: number | undefined,
  keys: string[],
): Commit {
  const files = [];
  for (const path of [...changed.keys()].sort()) {
    const text = snap.content.get(path)!;
    const old = changed.get(path);
    if (old === text) continue;
    const sha = repo.objects.putBlob(text);
    if (old !== text) files.push(fileChange(path, old, text, sha, old === undefined ? undefined : repo.objects.putBlob(old)));
    snap.tree.set(path, sha);
  }
  const tree = snap.tree.write(repo.objects);
  const obj = repo.objects.putCommit({ tree, parents: snap.head ? [snap.head] : [], author, committer, message });
  snap.head = obj.sha;
  return {
    sha: obj.sha,
    treeSha: tree,
    parents: obj.parents,
    message,
    authorId,
    committerId,
    authoredAt: author.at,
    committedAt: committer.at,
    files,
    keys,
  };
}

/** The files a branch changed from its base, in path order: only paths it wrote can differ. */
function branchDiff(branch: BranchState): Commit["files"] {
  const out = [];
  for (const path of [...branch.base.keys()].sort()) {
    const text = branch.snap.content.get(path)!;
    const { text: old, sha: oldSha } = branch.base.get(path)!;
    if (old !== text) out.push(fileChange(path, old, text, branch.snap.tree.get(path)!, oldSha));
  }
  return out;
}

/** What commit `index` of a plan's branch writes. */
function branchEdit(plan: CodePlan, index: number, content: Map<string, string>, render: Render): Array<[string, string]> {
  const layout = LAYOUTS[plan.repo.language];
  const item = plan.item;
  const slug = plan.moduleSlug;
  const ctx = {
    key: item.key,
    title: item.title,
    slug,
    typeName: pascal(slug.replace(/-\d+$/, "")),
    funcName: camel(slug.replace(/-\d+$/, "")),
    snakeName: slug.replace(/-\d+$/, "").replace(/-/g, "_"),
    snakeSlug: slug.replace(/-/g, "_"),
    snakeRepo: plan.repo.name.replace(/-/g, "_"),
  };
  const comment = ["Python", "Ruby"].includes(plan.repo.language) ? "#" : "//";
  if (index === 0) {
    return [
      [layout.modulePath(slug), render(`${layout.dir}/module`, ctx)],
      ["CHANGELOG.md", `${content.get("CHANGELOG.md") ?? ""}- ${item.key}: ${item.title}\n`],
    ];
  }
  if (index === 1) return [[layout.testPath(slug), render(`${layout.dir}/test`, ctx)]];
  const path = layout.modulePath(slug);
  return [[path, `${content.get(path) ?? ""}\n${comment} ${item.key}: revision ${index} after review\n`]];
}

function changelogLine(plan: CodePlan, number: number): string {
  return `- ${plan.item.key}: ${plan.item.title} (#${number})\n`;
}

/** Issue and pull request numbers: one sequence per repository in order of creation. */
function numberThreads(repo: Repo, plans: CodePlan[], asOf: number): void {
  const threads: Array<[number, string, (n: number) => void]> = [];
  for (const plan of plans) {
    if (plan.bugReport && plan.bugReport.openedAt <= asOf)
      threads.push([plan.bugReport.openedAt, `${plan.item.key}/issue`, (n) => (plan.issueNumber = n)]);
    if (plan.prOpenAt <= asOf) threads.push([plan.prOpenAt, `${plan.item.key}/pull`, (n) => (plan.pullNumber = n)]);
  }
  threads.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : 1));
  threads.forEach(([, , assign], i) => assign(i + 1));
  repo.lastNumber = threads.length;
}

function openPull(plan: CodePlan, repo: Repo, c: Ctx): PullRequest {
  const n = plan.pullNumber!;
  plan.item.pullNumber = n;
  const issueNumber = plan.issueNumber;
  const body = [`${plan.item.description}`, "", `Jira: ${plan.item.key}`, issueNumber ? `Fixes #${issueNumber}` : ""]
    .filter((l, i, a) => l !== "" || (i > 0 && a[i - 1] !== ""))
    .join("\n")
    .trim();
  return {
    id: c.ids.id(`repo/${repo.name}/pull/${n}`),
    number: n,
    title: `${plan.item.key}: ${plan.item.title}`,
    body,
    authorId: plan.authorId,
    workItemKey: plan.item.key,
    headBranch: plan.branch,
    baseSha: "",
    commits: [],
    files: [],
    createdAt: plan.prOpenAt,
    updatedAt: plan.prOpenAt,
    state: "open",
    reviewerIds: plan.reviewerIds,
    reviews: [],
    comments: [],
    events: [],
    labels: plan.item.labels.slice(),
  };
}

/** Reviews, comments and events, each cut at the as-of time. */
function finishPull(plan: CodePlan, pr: PullRequest, c: Ctx): void {
  const r = c.rng(`repo/${plan.repo.name}/pull/${pr.number}/conversation`);
  const path = LAYOUTS[plan.repo.language].modulePath(plan.moduleSlug);
  const idOf = (what: string) => c.ids.id(`repo/${plan.repo.name}/pull/${pr.number}/${what}`);
  const headAt = (at: number) => pr.commits.filter((cm) => cm.authoredAt <= at).at(-1)?.sha ?? pr.commits[0]?.sha ?? "";
  pr.events.push({ id: idOf("event/labeled"), actorId: plan.authorId, event: "labeled", createdAt: pr.createdAt, label: pr.labels[0]! });
  plan.reviewerIds.forEach((rid, i) =>
    pr.events.push({
      id: idOf(`event/review_requested/${i}`),
      actorId: plan.authorId,
      event: "review_requested",
      createdAt: pr.createdAt,
      reviewerId: rid,
    }),
  );
  const first = plan.reviewerIds[0]!;
  if (plan.firstReviewAt <= c.asOf && pr.commits.length > 0) {
    const changes = pr.commits.length > 1 || plan.commitTimes.length > 1;
    const remarks = r.sample(REVIEW_REMARKS, r.int(1, 2));
    const commitSha = headAt(plan.firstReviewAt);
    pr.reviews.push({
      id: idOf("review/1"),
      reviewerId: first,
      state: changes ? "CHANGES_REQUESTED" : "COMMENTED",
      body: changes ? "A few things before this goes in." : "Looks reasonable, one question.",
      submittedAt: plan.firstReviewAt,
      commitSha,
      comments: remarks.map((body, i) => ({
        id: idOf(`review/1/comment/${i}`),
        authorId: first,
        path,
        line: 3 + i * 2,
        body,
        createdAt: plan.firstReviewAt,
        commitSha,
        diffHunk: `@@ -0,0 +1,${3 + i * 2} @@`,
      })),
    });
  }
  if (plan.approveAt <= c.asOf && !plan.abandoned) {
    const approver = plan.reviewerIds.at(-1)!;
    pr.reviews.push({
      id: idOf("review/2"),
      reviewerId: approver,
      state: "APPROVED",
      body: r.pick(["LGTM", "Ship it.", "Approved, thanks!", ""]),
      submittedAt: plan.approveAt,
      commitSha: pr.commits.at(-1)!.sha,
      comments: [],
    });
  }
  // The chatter draws from a stream of its own: drawn after the approval above (which appears only once
  // the as-of passes it), a comment would change or vanish the day its pull request is approved.
  const talk = c.rng(`repo/${plan.repo.name}/pull/${pr.number}/chatter`);
  const chatter = talk.int(0, 2);
  for (let i = 0; i < chatter; i++) {
    const at = pr.createdAt + (i + 1) * talk.int(1, 6) * HOUR;
    const authorId = talk.pick([plan.authorId, ...plan.reviewerIds]);
    const body = talk.pick([
      "Deployed to staging, looks good.",
      "CI was flaky on the first run; re-ran it.",
      `Linked ${plan.item.key}.`,
      "I'll follow up with docs.",
    ]);
    if (at > c.asOf || (pr.closedAt !== undefined && at > pr.closedAt)) continue;
    pr.comments.push({ id: idOf(`comment/${i}`), authorId, body, createdAt: at });
  }
  if (plan.abandoned && plan.endAt <= c.asOf) {
    pr.state = "closed";
    pr.closedAt = plan.endAt;
    pr.events.push({ id: idOf("event/closed"), actorId: plan.authorId, event: "closed", createdAt: plan.endAt });
  }
  if (pr.mergedAt !== undefined) {
    pr.events.push({
      id: idOf("event/merged"),
      actorId: pr.mergedById!,
      event: "merged",
      createdAt: pr.mergedAt,
      commitSha: pr.mergeCommitSha!,
    });
    pr.events.push({
      id: idOf("event/closed"),
      actorId: pr.mergedById!,
      event: "closed",
      createdAt: pr.mergedAt,
      commitSha: pr.mergeCommitSha!,
    });
    pr.events.push({
      id: idOf("event/head_ref_deleted"),
      actorId: pr.mergedById!,
      event: "head_ref_deleted",
      createdAt: pr.mergedAt + MINUTE,
    });
  }
  const times = [
    pr.createdAt,
    ...pr.commits.map((x) => x.committedAt),
    ...pr.reviews.map((x) => x.submittedAt),
    ...pr.comments.map((x) => x.createdAt),
    pr.closedAt ?? 0,
  ];
  pr.updatedAt = Math.max(...times);
}

/** Bug reports filed on GitHub before the work item, closed by the pull request that fixes them. */
function bugReports(repo: Repo, plans: CodePlan[], pulls: Map<CodePlan, PullRequest>, c: Ctx): void {
  for (const plan of plans) {
    const n = plan.issueNumber;
    if (!plan.bugReport || n === undefined) continue;
    const pr = pulls.get(plan);
    const idOf = (what: string) => c.ids.id(`repo/${repo.name}/issue/${n}/${what}`);
    const issue: Issue = {
      id: idOf("self"),
      number: n,
      title: plan.item.title,
      authorId: plan.bugReport.authorId,
      assigneeId: plan.authorId,
      body: `${plan.item.description}\n\nTracked in ${plan.item.key}.`,
      labels: ["bug"],
      state: "open",
      createdAt: plan.bugReport.openedAt,
      updatedAt: plan.bugReport.openedAt,
      comments: [],
      events: [],
      workItemKey: plan.item.key,
    };
    issue.events.push({ id: idOf("labeled"), actorId: issue.authorId, event: "labeled", createdAt: issue.createdAt, label: "bug" });
    issue.events.push({
      id: idOf("assigned"),
      actorId: issue.authorId,
      event: "assigned",
      createdAt: issue.createdAt + MINUTE,
      assigneeId: plan.authorId,
    });
    issue.comments.push({
      id: idOf("comment/0"),
      authorId: plan.authorId,
      body: `Picking this up in ${plan.item.key}.`,
      createdAt: plan.item.createdAt + 30 * MINUTE,
    });
    issue.comments = issue.comments.filter((x) => x.createdAt <= c.asOf);
    if (pr?.mergedAt !== undefined) {
      issue.state = "closed";
      issue.stateReason = "completed";
      issue.closedAt = pr.mergedAt;
      issue.closedById = pr.mergedById!;
      issue.events.push({
        id: idOf("closed"),
        actorId: pr.mergedById!,
        event: "closed",
        createdAt: pr.mergedAt,
        commitSha: pr.mergeCommitSha!,
      });
    } else if (pr?.state === "closed") {
      issue.state = "closed";
      issue.stateReason = "not_planned";
      issue.closedAt = pr.closedAt!;
      issue.closedById = plan.authorId;
      issue.events.push({ id: idOf("closed"), actorId: plan.authorId, event: "closed", createdAt: pr.closedAt! });
    }
    issue.updatedAt = Math.max(issue.createdAt, ...issue.comments.map((x) => x.createdAt), issue.closedAt ?? 0);
    repo.issues.push(issue);
  }
  repo.issues.sort((a, b) => a.number - b.number);
}

function person(p: Person, at: number): GitPerson {
  return { name: p.name, email: p.email, at, offsetMinutes: p.utcOffsetMinutes };
}

/** GitHub commits squash merges as its web-flow identity. */
function webFlow(at: number): GitPerson {
  return { name: "GitHub", email: "noreply@github.com", at, offsetMinutes: 0 };
}

function lower(s: string): string {
  return s[0]!.toLowerCase() + s.slice(1);
}
