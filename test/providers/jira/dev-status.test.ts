import { describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";

/**
 * Cross-provider coherence (issue 12): Jira's development panel (`rest/dev-status/1.0/issue/detail`, the
 * undocumented API Jira's issue view and Apache DevLake read: apache/incubator-devlake
 * backend/plugins/jira/tasks/development_panel_collector.go, `issueId`, `applicationType`, `dataType=repository`,
 * reading `detail[].repositories[].url` and `commits[].id`/`url`) lists exactly the pull requests and commits
 * that cite the issue key on the GitHub pin of the same generation, with the numbers, SHAs and URLs that
 * pin serves. The GitHub side is read from the GitHub pin alone (its pull request and commit lists; only
 * the organisation's name comes from the world), the Jira side from the Jira pin alone.
 *
 * Needs both providers' pins: SNAPVERSE_TEST_PINS=jira-v3,jira-v3-g5,gh-2026-03,gh-2026-03-g5.
 */
const baseUrl = inject("baseUrl");
const catalog = loadCatalog("catalog.yaml");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const TIMEOUT = 300_000;

type Any = Record<string, any>;

/**
 * `fetch`, once more when a kept-alive socket was closed under it (the server closes idle connections;
 * the worker's connection pool is shared with the test files that ran before).
 */
async function fetchOnce(url: string): Promise<Response> {
  try {
    return await fetch(url);
  } catch {
    return fetch(url);
  }
}

/** Runs `f` over `xs`, `width` at a time, keeping the order of the results. */
async function inBatches<T, R>(xs: T[], width: number, f: (x: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < xs.length; i += width) out.push(...(await Promise.all(xs.slice(i, i + width).map(f))));
  return out;
}

async function findOrg(jira: string, get: (url: string) => Promise<Any>): Promise<string> {
  const page = await get(
    `${jira}/rest/api/3/search/jql?jql=${encodeURIComponent("created >= -3650d ORDER BY key ASC")}&fields=key&maxResults=100`,
  );
  for (const issue of page.issues as Any[]) {
    const links = (await get(`${jira}/rest/api/3/issue/${issue.key}/remotelink`)) as unknown as Any[];
    const id = links.map((l) => /^github=([^/]+)\//.exec(String(l.globalId))?.[1]).find(Boolean);
    if (id) return id;
  }
  throw new Error("no issue links to GitHub");
}

const PAIRS: Array<[string, string]> = [
  ["jira-v3", "gh-2026-03"],
  ["jira-v3-g5", "gh-2026-03-g5"],
];

/** A key cited in a text, not as part of a longer number (`PAY-12` is not cited by `PAY-123`). */
const cites = (text: string, key: string, flags = "") =>
  new RegExp(`(^|[^A-Za-z0-9])${key.replace("-", "\\-")}(?![0-9])`, flags).test(text);

const pairs = PAIRS.filter(([j, g]) => !only || (only.includes(j) && only.includes(g)));
// Run with the GitHub pins too (see above); without them there is nothing to compare.
if (pairs.length === 0) it.skip("needs a Jira pin and the GitHub pin of its generation in SNAPVERSE_TEST_PINS", () => {});

describe.each(pairs)("dev-status on %s agrees with %s", (jiraPin, ghPin) => {
  const get = async (url: string): Promise<Any> => {
    const res = await fetchOnce(url);
    expect(res.status, url).toBe(200);
    return (await res.json()) as Any;
  };
  /** Octokit's walk: follow `Link rel="next"` to the end. */
  const walk = async (first: string): Promise<Any[]> => {
    const out: Any[] = [];
    for (let url: string | undefined = first; url;) {
      const res: Response = await fetchOnce(url);
      expect(res.status, url).toBe(200);
      out.push(...((await res.json()) as Any[]));
      url = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get("link") ?? "")?.[1];
    }
    return out;
  };

  it(
    "lists exactly the pull requests and commits that cite each issue, as GitHub serves them",
    async () => {
      const gen = catalog.pins.find((p) => p.name === jiraPin)!.generation;
      expect(catalog.pins.find((p) => p.name === ghPin)!.generation).toBe(gen);
      const gh = `${baseUrl}/${ghPin}`;
      const jira = `${baseUrl}/${jiraPin}`;

      // GitHub: every repository of the organisation, its pull requests and the commits of main and of each pull request.
      // The organisation's name, from an issue's remote link to GitHub (`github=<org>/<repo>/pull/<n>`);
      // everything compared below comes from the GitHub pin's own lists.
      const org = await findOrg(jira, get);
      const repos = await walk(`${gh}/orgs/${org}/repos?per_page=100`);
      expect(repos.length).toBeGreaterThan(0);
      const pulls: Array<{ repo: Any; pr: Any }> = [];
      const commits = new Map<string, { repo: Any; commit: Any }>();
      for (const repo of repos) {
        const prs = await walk(`${gh}/repos/${org}/${repo.name}/pulls?state=all&per_page=100`);
        const lists = await inBatches(prs, 8, (pr) => walk(`${gh}/repos/${org}/${repo.name}/pulls/${pr.number}/commits?per_page=100`));
        prs.forEach((pr, n) => {
          pulls.push({ repo, pr });
          for (const c of lists[n]!) commits.set(`${repo.name}@${c.sha}`, { repo, commit: c });
        });
        for (const c of await walk(`${gh}/repos/${org}/${repo.name}/commits?per_page=100`))
          commits.set(`${repo.name}@${c.sha}`, { repo, commit: c });
      }
      expect(pulls.length).toBeGreaterThan(20);

      // Jira: every issue, by id, as a search returns them.
      const issues: Any[] = [];
      for (let token: string | undefined, n = 0; n < 50; n++) {
        const page = await get(
          `${jira}/rest/api/3/search/jql?` +
            `jql=${encodeURIComponent("created >= -3650d ORDER BY key ASC")}&fields=key&` +
            `maxResults=100${token ? `&nextPageToken=${token}` : ""}`,
        );
        issues.push(...page.issues);
        token = page.nextPageToken;
        if (page.isLast) break;
      }
      expect(issues.length).toBeGreaterThan(100);

      let withCode = 0;
      const detail = (issue: Any, dataType: string) =>
        get(`${jira}/rest/dev-status/1.0/issue/detail?issueId=${issue.id}&applicationType=GitHub&dataType=${dataType}`);
      const panels = await inBatches(
        issues,
        8,
        async (issue) => [await detail(issue, "pullrequest"), await detail(issue, "repository")] as const,
      );
      for (const [n, issue] of issues.entries()) {
        const key = issue.key as string;
        const [prBody, repoBody] = panels[n]!;
        expect(prBody.errors).toStrictEqual([]);
        expect(prBody.detail.length).toBe(1);

        const wantPulls = pulls
          .filter(({ pr }) => cites(pr.title, key) || cites(pr.head.ref, key, "i"))
          .map(
            ({ repo, pr }) =>
              `${repo.full_name}#${pr.number} ${pr.html_url}` +
              ` ${pr.merged_at ? "MERGED" : pr.state === "open" ? "OPEN" : "DECLINED"} ${pr.head.ref}`,
          )
          .sort();
        const gotPulls = (prBody.detail[0].pullRequests as Any[])
          .map((p) => `${p.repositoryName}${p.id} ${p.url} ${p.status} ${p.source.branch}`)
          .sort();
        expect(gotPulls, key).toStrictEqual(wantPulls);

        const wantCommits = [...commits.values()]
          .filter(({ commit }) => cites(commit.commit.message, key))
          .map(({ repo, commit }) => `${repo.html_url} ${commit.sha} ${commit.html_url}`)
          .sort();
        const gotCommits = (repoBody.detail[0].repositories as Any[])
          .flatMap((r) => (r.commits as Any[]).map((c) => `${r.url} ${c.id} ${c.url}`))
          .sort();
        expect(gotCommits, key).toStrictEqual(wantCommits);
        // Repository ids and names are GitHub's.
        for (const r of repoBody.detail[0].repositories as Any[]) {
          const repo = repos.find((x) => x.html_url === r.url)!;
          expect(`${r.id} ${r.name}`).toBe(`${repo.id} ${repo.full_name}`);
        }
        if (wantPulls.length) withCode++;
      }
      expect(withCode).toBeGreaterThan(20);
    },
    TIMEOUT,
  );
});
