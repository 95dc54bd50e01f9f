import type { GraphQLResolveInfo } from "graphql";
import { compileQualifiers, splitTerms } from "../../../core/lists/qualifiers.js";
import type { QualifierSpec } from "../../../core/lists/profile.js";
import type { JsonValue } from "../../../core/provider.js";
import { actor } from "./accounts.js";
import { page } from "./connection.js";
import { GitHubError } from "./errors.js";
import type { Args, Node } from "./node.js";
import { ordered } from "./node.js";
import { repository } from "./repository.js";
import { searchLists, sourceQuery } from "../search.js";
import type { PinSource, Rest } from "./source.js";
import { issue, pullRequest } from "./threads.js";

/**
 * `search(query:, type:)`, the same search as REST's: the frozen `search/issues` and
 * `search/repositories` lists (every item of the org) narrowed by the REST profiles' qualifiers
 * (../search.ts, core's qualifier grammar), so a GraphQL search and `GET /search/issues?q=` never
 * disagree. GraphQL spells the order in the text (`sort:updated-desc`), which is read here; the
 * default is REST's (newest first). USER searches the org's members. At most 1,000 results, as GitHub.
 */
const MAX_RESULTS = 1000;

const USERS: QualifierSpec = {
  param: "query",
  keys: { user: { field: "login", type: "string", ignoreCase: true } },
  negation: ["-"],
  text: ["login"],
  unknown: "error",
};

/** `sort:updated-desc`, `sort:created-asc`, `sort:comments`: GitHub's sort qualifier (default direction desc). */
function sortOf(terms: string[]): { field: string; direction: string } | undefined {
  const sort = terms.find((t) => t.startsWith("sort:"));
  if (!sort) return undefined;
  const [key, dir] = sort.slice(5).split("-");
  return { field: String(key).toUpperCase(), direction: dir === "asc" ? "ASC" : "DESC" };
}

function matching(spec: QualifierSpec | undefined, terms: string[], items: Rest[]): Rest[] {
  const compiled = compileQualifiers(spec!, terms.filter((t) => !t.startsWith("sort:")).join(" "));
  if ("message" in compiled) throw new GitHubError("INVALID_SEARCH", compiled.message);
  return compiled.test ? items.filter((i) => compiled.test!(i as JsonValue)) : items;
}

export async function search(src: PinSource, args: Args, info: GraphQLResolveInfo, repos: (src: PinSource) => Promise<Rest[]>) {
  const terms = splitTerms(String(args.query ?? "")) ?? [];
  const sort = sortOf(terms);
  const counts = { issueCount: 0, repositoryCount: 0, userCount: 0, codeCount: 0, wikiCount: 0, discussionCount: 0 };
  const org = String((await src.list("user/orgs"))[0]?.login);
  const repoList = await repos(src);
  const [issueProfile, repoProfile] = searchLists(
    org,
    repoList.map((r) => String(r.name)),
  );
  const frozen = (path: string) => src.list(path, [["q", sourceQuery(org)]], "items");
  let hits: Array<() => Node | Promise<Node>> = [];
  if (args.type === "ISSUE") {
    const found = ordered(matching(issueProfile!.qualifiers, terms, await frozen("search/issues")), sort, {
      CREATED: (i) => String(i.created_at),
      UPDATED: (i) => String(i.updated_at),
      COMMENTS: (i) => Number(i.comments),
    });
    counts.issueCount = found.length;
    hits = found.map((item) => async () => {
      const [, owner, name] = /\/repos\/([^/]+)\/([^/]+)$/.exec(String(item.repository_url))!;
      const repo = repoList.find((r) => r.full_name === `${owner}/${name}`)!;
      const base = `repos/${repo.full_name}`;
      if (!item.pull_request) return issue(src, repository(src, repo), base, item);
      return pullRequest(src, repository(src, repo), base, (await src.get(`${base}/pulls/${item.number}`))!);
    });
  } else if (args.type === "REPOSITORY") {
    const found = ordered(matching(repoProfile!.qualifiers, terms, await frozen("search/repositories")), sort, {
      UPDATED: (r) => String(r.updated_at),
      STARS: (r) => Number(r.stargazers_count),
      FORKS: (r) => Number(r.forks_count),
    });
    counts.repositoryCount = found.length;
    hits = found.map((r) => () => repository(src, r));
  } else if (args.type === "USER") {
    const found = matching(USERS, terms, await src.list(`orgs/${org}/members`));
    counts.userCount = found.length;
    hits = found.map((u) => () => actor(src, u)!);
  }
  const conn = page(hits.slice(0, MAX_RESULTS), args, info, (h) => h);
  const nodes = await Promise.all(conn.nodes.map((n) => n()));
  return {
    ...counts,
    pageInfo: conn.pageInfo,
    nodes,
    edges: conn.edges.map((e, i) => ({ cursor: e.cursor, node: nodes[i], textMatches: [] })),
  };
}
