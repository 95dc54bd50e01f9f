import type { JsonObject, JsonValue, Resource } from "../../core/provider.js";
import type { Commit, Person, PullRequest, Repo, WorkItem } from "../../world/types.js";
import { jiraTime, type JiraContext } from "./context.js";

/**
 * The development panel's data (`GET /rest/dev-status/1.0/issue/detail?issueId=&applicationType=GitHub&
 * dataType=repository|pullrequest|branch`), the undocumented API Jira's issue view and DevLake's
 * development panel collector read. The site's GitHub integration links an issue to the pull requests whose
 * title or branch cites its key, the commits whose message cites it, and the live branches named after it:
 * exactly those of the world, with the ids, SHAs and URLs the GitHub pin of the same generation serves.
 *
 * GitHub's numbers are GitHub's: repository and user ids follow the GitHub pin's scheme (gh/context.ts);
 * test/providers/jira/dev-status.test.ts reads both pins and checks that they agree.
 */

const DATA_TYPES = ["repository", "pullrequest", "branch"] as const;
type DataType = (typeof DATA_TYPES)[number];

/** The GitHub repository id and user id the GitHub pin gives (gh/context.ts `repoId`, `userId`). */
function ghRepoId(jc: JiraContext, repo: Repo): number {
  return 800_000_000 + jc.world.generation.id * 100_000 + repo.id * 313;
}

function ghAvatar(jc: JiraContext, p: Person): string {
  return `https://avatars.${jc.pin.catalog.serviceDomain}/u/${90_000_000 + p.id * 7_919}?v=4`;
}

function ghOrgAvatar(jc: JiraContext): string {
  return `https://avatars.${jc.pin.catalog.serviceDomain}/u/${150_000_000 + jc.world.generation.id * 1_001}?v=4`;
}

/** A key cited in a text: not part of a longer key or number (`PAY-12` is not cited by `PAY-123`). */
export function cites(text: string, key: string, ignoreCase = false): boolean {
  const re = new RegExp(`(^|[^A-Za-z0-9])${key.replace("-", "\\-")}(?![0-9])`, ignoreCase ? "i" : "");
  return re.test(text);
}

function time(ms: number): string {
  return jiraTime(ms, 0);
}

/** Everything of the world's code that cites an item, by repository (repositories by name). */
export function codeCiting(
  jc: JiraContext,
  i: WorkItem,
): Array<{ repo: Repo; pulls: PullRequest[]; commits: Commit[]; branches: Array<{ name: string; headSha: string }> }> {
  return jc.once(`code-citing/${i.key}`, () => {
    const index = citations(jc);
    const repos = [...jc.world.repos].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return repos
      .map((repo) => {
        // Candidates in the order of the repository's own lists: all of them, or those the index names.
        const named = <T>(kind: Kind, all: () => T[]): T[] => (index ? (index.inOrder(repo, kind, i.key) as T[]) : all());
        const pulls = named("pulls", () => repo.pulls).filter(
          (p) => p.createdAt <= jc.world.asOf && (p.workItemKey === i.key || cites(p.title, i.key) || cites(p.headBranch, i.key, true)),
        );
        const seen = new Set<string>();
        const commits: Commit[] = [];
        for (const c of named("commits", () => everyCommit(repo))) {
          if (seen.has(c.sha) || c.committedAt > jc.world.asOf || !(c.keys.includes(i.key) || cites(c.message, i.key))) continue;
          seen.add(c.sha);
          commits.push(c);
        }
        commits.sort((a, b) => b.authoredAt - a.authoredAt || (a.sha < b.sha ? -1 : 1));
        const branches = named("branches", () => repo.branches).filter((b) => b.name !== repo.defaultBranch && cites(b.name, i.key, true));
        return { repo, pulls, commits, branches };
      })
      .filter((r) => r.pulls.length || r.commits.length || r.branches.length);
  });
}

type Kind = "pulls" | "commits" | "branches";

/** A repository's commits as the panel looks at them: the default branch's, then each pull request's. */
function everyCommit(repo: Repo): Commit[] {
  return [...repo.mainCommits, ...repo.pulls.flatMap((p) => p.commits)];
}

/**
 * Which items each pull request, commit and branch may cite, read once from the world's code: a regular
 * expression per item and text was most of this pin's build. codeCiting still tests each candidate, so
 * the index only has to name a superset, in the repository's own order. It does, when every key is
 * `<a letter, letters and digits>-<digits>` and no two differ only by case: a citation starts with a
 * letter after a non-alphanumeric, so no earlier run of that shape can have taken it, and the run
 * starting there is the key itself. For a world with other keys it is undefined, and codeCiting tests
 * every text.
 */
function citations(jc: JiraContext): { inOrder(repo: Repo, kind: Kind, key: string): unknown[] } | undefined {
  return jc.once("code-citations", () => {
    const keys = new Set(jc.world.workItems.map((w) => w.key));
    const upper = new Map([...keys].map((k) => [k.toUpperCase(), k]));
    if (upper.size !== keys.size || ![...keys].every((k) => /^[A-Za-z][A-Za-z0-9]*-[0-9]+$/.test(k))) return undefined;
    // Per repository, kind and key: the candidates by their first position in the repository's list.
    const found = new Map<string, Map<unknown, number>>();
    const add = (repo: Repo, kind: Kind, thing: unknown, position: number, key: string) => {
      const id = `${repo.id}\u0000${kind}\u0000${key}`;
      const at = found.get(id) ?? new Map<unknown, number>();
      if (!at.has(thing)) at.set(thing, position);
      found.set(id, at);
    };
    const scan = (repo: Repo, kind: Kind, thing: unknown, position: number, text: string, ignoreCase: boolean) => {
      for (const [run] of text.matchAll(/(?<![A-Za-z0-9])[A-Za-z0-9]+-[0-9]+/g)) {
        const key = ignoreCase ? upper.get(run.toUpperCase()) : keys.has(run) ? run : undefined;
        if (key !== undefined) add(repo, kind, thing, position, key);
      }
    };
    for (const repo of jc.world.repos) {
      repo.pulls.forEach((p, n) => {
        if (p.workItemKey !== undefined) add(repo, "pulls", p, n, p.workItemKey);
        scan(repo, "pulls", p, n, p.title, false);
        scan(repo, "pulls", p, n, p.headBranch, true);
      });
      everyCommit(repo).forEach((c, n) => {
        for (const key of c.keys) add(repo, "commits", c, n, key);
        scan(repo, "commits", c, n, c.message, false);
      });
      repo.branches.forEach((b, n) => scan(repo, "branches", b, n, b.name, true));
    }
    return {
      inOrder: (repo, kind, key) =>
        [...(found.get(`${repo.id}\u0000${kind}\u0000${key}`) ?? [])].sort((a, b) => a[1] - b[1]).map(([thing]) => thing),
    };
  });
}

function instance(jc: JiraContext): JsonObject {
  return {
    singleInstance: false,
    baseUrl: jc.github,
    name: "GitHub",
    typeName: "GitHub",
    id: `github-${jc.world.company.slug}`,
    type: "GitHub",
  };
}

function repoRef(jc: JiraContext, repo: Repo): JsonObject {
  return {
    id: String(ghRepoId(jc, repo)),
    name: `${jc.world.company.slug}/${repo.name}`,
    url: `${jc.github}/${jc.world.company.slug}/${repo.name}`,
    avatar: ghOrgAvatar(jc),
  };
}

const CHANGE: Record<string, string> = { added: "ADDED", modified: "MODIFIED", removed: "DELETED" };

function commitBody(jc: JiraContext, repo: Repo, c: Commit): JsonObject {
  const web = `${jc.github}/${jc.world.company.slug}/${repo.name}`;
  const author = jc.person(c.authorId);
  return {
    id: c.sha,
    displayId: c.sha.slice(0, 7),
    authorTimestamp: time(c.authoredAt),
    url: `${web}/commit/${c.sha}`,
    author: { name: author.name, avatar: ghAvatar(jc, author) },
    fileCount: c.files.length,
    merge: c.parents.length > 1,
    message: c.message,
    // The panel lists at most ten files of a commit; `fileCount` counts them all.
    files: c.files.slice(0, 10).map((f) => ({
      path: f.path,
      url: `${web}/blob/${c.sha}/${f.path}`,
      changeType: CHANGE[f.status] ?? "MODIFIED",
      linesAdded: f.additions,
      linesRemoved: f.deletions,
    })),
  };
}

function pullBody(jc: JiraContext, repo: Repo, pr: PullRequest): JsonObject {
  const web = `${jc.github}/${jc.world.company.slug}/${repo.name}`;
  const author = jc.person(pr.authorId);
  const status = pr.mergedAt !== undefined ? "MERGED" : pr.state === "open" ? "OPEN" : "DECLINED";
  const approved = new Set(pr.reviews.filter((r) => r.state === "APPROVED").map((r) => r.reviewerId));
  return {
    author: { name: author.name, avatar: ghAvatar(jc, author) },
    id: `#${pr.number}`,
    name: pr.title,
    commentCount: pr.comments.length,
    source: { branch: pr.headBranch, url: `${web}/tree/${pr.headBranch}` },
    destination: { branch: repo.defaultBranch, url: `${web}/tree/${repo.defaultBranch}` },
    reviewers: pr.reviewerIds.map((id) => {
      const p = jc.person(id);
      return { name: p.name, avatar: ghAvatar(jc, p), approved: approved.has(id) };
    }),
    status,
    url: `${web}/pull/${pr.number}`,
    lastUpdate: time(Math.min(pr.updatedAt, jc.world.asOf)),
    repositoryId: String(ghRepoId(jc, repo)),
    repositoryName: `${jc.world.company.slug}/${repo.name}`,
    repositoryUrl: web,
    repositoryAvatarUrl: ghOrgAvatar(jc),
  };
}

export function devStatus(jc: JiraContext, i: WorkItem, dataType: DataType): JsonValue {
  const code = codeCiting(jc, i);
  const pullRequests = () => code.flatMap(({ repo, pulls }) => pulls.map((p) => pullBody(jc, repo, p)));
  let detail: JsonObject;
  if (dataType === "repository") {
    detail = {
      repositories: code
        .filter((r) => r.commits.length)
        .map(({ repo, commits }) => ({ ...repoRef(jc, repo), commits: commits.map((c) => commitBody(jc, repo, c)) })),
      _instance: instance(jc),
    };
  } else if (dataType === "pullrequest") {
    detail = { branches: [], pullRequests: pullRequests(), repositories: [], _instance: instance(jc) };
  } else {
    const branches = code.flatMap(({ repo, branches: bs }) =>
      bs.map((b) => {
        const web = `${jc.github}/${jc.world.company.slug}/${repo.name}`;
        const head = [...repo.mainCommits, ...repo.pulls.flatMap((p) => p.commits)].find((c) => c.sha === b.headSha);
        return {
          name: b.name,
          url: `${web}/tree/${b.name}`,
          createPullRequestUrl: `${web}/compare/${b.name}?expand=1`,
          repository: { ...repoRef(jc, repo), commits: [] },
          ...(head ? { lastCommit: commitBody(jc, repo, head) } : {}),
        };
      }),
    );
    detail = { branches, pullRequests: pullRequests(), repositories: [], _instance: instance(jc) };
  }
  return { errors: [], detail: [detail] };
}

export const DEV_STATUS = "rest/dev-status/1.0/issue/detail";

export function* devStatusResources(jc: JiraContext, i: WorkItem): Generator<Resource> {
  for (const dataType of DATA_TYPES) {
    yield { path: DEV_STATUS, query: { issueId: jc.issueId(i), applicationType: "GitHub", dataType }, body: devStatus(jc, i, dataType) };
  }
}
