import { type FieldNode, type GraphQLResolveInfo, Kind, type SelectionSetNode, valueFromASTUntyped } from "graphql";
import { actor, organization, team, userByLogin } from "./accounts.js";
import { MAX_NODES } from "./connection.js";
import { deployment, release } from "./delivery.js";
import { GitHubError, notFound } from "./errors.js";
import { RUN_OF_SUITE, checkSuite, commit } from "./git.js";
import type { Args, Info, Node } from "./node.js";
import { repository } from "./repository.js";
import { search } from "./search.js";
import type { PinSource, Rest } from "./source.js";
import { issue, issueComment, pullRequest, review, reviewComment } from "./threads.js";

/** The organization the pin is about: the token holder's (only) one. */
async function orgLogin(src: PinSource): Promise<string> {
  return String((await src.list("user/orgs"))[0]?.login);
}

async function repos(src: PinSource): Promise<Rest[]> {
  return src.list(`orgs/${await orgLogin(src)}/repos`);
}

/**
 * `node(id:)`: REST's `node_id`s are `<prefix>_<base64url("0:<id>")>`, so the prefix names the type
 * and the rest the REST id to look for; each kind is found in the lists the REST pin serves.
 */
async function nodeById(src: PinSource, id: string): Promise<Node | null> {
  const m = /^([A-Z]+)_([A-Za-z0-9_-]+)$/.exec(id);
  const key = m ? Buffer.from(m[2]!, "base64url").toString("utf8").replace(/^0:/, "") : "";
  if (!m || !key) return null;
  const prefix = m[1]!;
  const org = await orgLogin(src);
  const inRepos = async <T>(find: (repo: Rest, base: string) => Promise<T | undefined>): Promise<T | undefined> => {
    for (const r of await repos(src)) {
      const hit = await find(r, `repos/${r.full_name}`);
      if (hit) return hit;
    }
    return undefined;
  };
  switch (prefix) {
    case "U": {
      const u = (await src.list(`orgs/${org}/members`)).find((x) => String(x.id) === key);
      return u ? actor(src, u) : null;
    }
    case "O":
      return String((await src.get(`orgs/${org}`))?.id) === key ? organization(src, (await src.get(`orgs/${org}`))!) : null;
    case "T": {
      const t = (await src.list(`orgs/${org}/teams`)).find((x) => String(x.id) === key);
      return t ? team(src, org, t) : null;
    }
    case "R": {
      const r = (await repos(src)).find((x) => String(x.id) === key);
      return r ? repository(src, r) : null;
    }
    case "PR":
      return (
        (await inRepos(async (r, base) => {
          const p = (await src.list(`${base}/pulls`, [["state", "all"]])).find((x) => String(x.id) === key);
          return p ? pullRequest(src, repository(src, r), base, p) : undefined;
        })) ?? null
      );
    case "I":
      return (
        (await inRepos(async (r, base) => {
          const i = (await src.list(`${base}/issues`, [["state", "all"]])).find((x) => String(x.id) === key && !x.pull_request);
          return i ? issue(src, repository(src, r), base, i) : undefined;
        })) ?? null
      );
    case "IC":
      return (
        (await inRepos(async (r, base) => {
          const c = (await src.list(`${base}/issues/comments`)).find((x) => String(x.id) === key);
          if (!c) return undefined;
          const number = String(c.issue_url).split("/").pop();
          const thread = await src.get(`${base}/issues/${number}`);
          const repoNode = repository(src, r);
          const threadNode = thread?.pull_request
            ? pullRequest(src, repoNode, base, (await src.get(`${base}/pulls/${number}`))!)
            : issue(src, repoNode, base, thread!);
          return issueComment(src, c, threadNode);
        })) ?? null
      );
    case "CS":
      return (
        (await inRepos(async (r, base) => {
          const run = await src.get(`${base}/actions/runs/${Number(key) - RUN_OF_SUITE}`);
          if (!run || String(run.check_suite_id) !== key) return undefined;
          const runs = ((await src.get(`${base}/commits/${run.head_sha}/check-runs`, [["per_page", "100"]]))?.check_runs ?? []) as Rest[];
          const head = await src.get(`${base}/commits/${run.head_sha}`);
          return checkSuite(
            src,
            base,
            head ? commit(src, repository(src, r), base, head) : null,
            Number(key),
            runs.filter((x) => String(x.check_suite.id) === key),
          );
        })) ?? null
      );
    case "PRR":
    case "PRRC":
      return (
        (await inRepos(async (r, base) => {
          for (const p of await src.list(`${base}/pulls`, [["state", "all"]])) {
            const list = await src.list(`${base}/pulls/${p.number}/${prefix === "PRR" ? "reviews" : "comments"}`);
            if (!list.some((x) => String(x.id) === key)) continue;
            const repoNode = repository(src, r);
            const pr = pullRequest(src, repoNode, base, p);
            const comments = () => src.list(`${base}/pulls/${p.number}/comments`);
            const hit = list.find((x) => String(x.id) === key)!;
            return prefix === "PRR" ? review(src, repoNode, base, pr, hit, comments) : reviewComment(src, repoNode, base, pr, hit);
          }
          return undefined;
        })) ?? null
      );
    case "C":
      return (
        (await inRepos(async (r, base) => {
          const c = await src.get(`${base}/commits/${key}`);
          return c ? commit(src, repository(src, r), base, c) : undefined;
        })) ?? null
      );
    case "RE":
      return (
        (await inRepos(async (r, base) => {
          const x = await src.get(`${base}/releases/${key}`);
          return x ? release(src, repository(src, r), base, x) : undefined;
        })) ?? null
      );
    case "DE":
      return (
        (await inRepos(async (r, base) => {
          const x = await src.get(`${base}/deployments/${key}`);
          return x ? deployment(src, repository(src, r), base, x) : undefined;
        })) ?? null
      );
    default:
      return null;
  }
}

/**
 * GitHub's rate-limit arithmetic for one query (docs: "Calculating a rate limit score"): every
 * connection asks for `first`/`last` nodes per parent; `nodeCount` sums them, and the cost is the
 * number of connection requests divided by 100, at least 1.
 */
function queryCost(info: GraphQLResolveInfo): { nodeCount: number; cost: number } {
  let nodeCount = 0;
  let requests = 0;
  const walk = (set: SelectionSetNode | undefined, parents: number) => {
    for (const sel of set?.selections ?? []) {
      if (sel.kind === Kind.FRAGMENT_SPREAD) walk(info.fragments[sel.name.value]?.selectionSet, parents);
      else if (sel.kind === Kind.INLINE_FRAGMENT) walk(sel.selectionSet, parents);
      else {
        const field = sel as FieldNode;
        const bound = field.arguments?.find((a) => a.name.value === "first" || a.name.value === "last");
        const n = bound ? Number(valueFromASTUntyped(bound.value, info.variableValues)) || 0 : 0;
        if (bound) {
          requests += parents;
          nodeCount += parents * Math.min(n, MAX_NODES);
          walk(field.selectionSet, parents * Math.min(n, MAX_NODES));
        } else walk(field.selectionSet, parents);
      }
    }
  };
  walk(info.operation.selectionSet, 1);
  return { nodeCount, cost: Math.max(1, Math.round(requests / 100)) };
}

/** The root of every query. */
export function queryRoot(src: PinSource): Node {
  const resetAt = new Date(Date.parse(src.asOf) + 3_600_000).toISOString().replace(/\.\d{3}Z$/, "Z");
  return {
    __typename: "Query",
    viewer: async () => actor(src, await src.get("user")),
    organization: async (args: Args) => {
      const o = await src.get(`orgs/${args.login}`);
      if (!o) throw notFound(`Could not resolve to an Organization with the login of '${args.login}'.`);
      return organization(src, o);
    },
    user: async (args: Args) => {
      const u = await userByLogin(src, String(args.login));
      if (!u) throw notFound(`Could not resolve to a User with the login of '${args.login}'.`);
      return u;
    },
    repositoryOwner: async (args: Args) => {
      const o = await src.get(`orgs/${args.login}`);
      return o ? organization(src, o) : userByLogin(src, String(args.login));
    },
    repository: async (args: Args) => {
      const r = await src.get(`repos/${args.owner}/${args.name}`);
      if (!r) throw notFound(`Could not resolve to a Repository with the name '${args.owner}/${args.name}'.`);
      return repository(src, r);
    },
    node: async (args: Args) => {
      const n = await nodeById(src, String(args.id));
      if (!n) throw notFound(`Could not resolve to a node with the global id of '${args.id}'`);
      return n;
    },
    nodes: async (args: Args) => {
      const ids = args.ids as string[];
      if (ids.length > MAX_NODES)
        throw new GitHubError("EXCESSIVE_PAGINATION", `You may not ask for more than ${MAX_NODES} nodes at once.`);
      return Promise.all(ids.map(async (id) => nodeById(src, id)));
    },
    search: (args: Args, info: Info) => search(src, args, info, repos),
    rateLimit: (_args: Args, info: Info) => ({
      __typename: "RateLimit",
      limit: 5000,
      remaining: 4999,
      used: 1,
      resetAt,
      ...queryCost(info),
    }),
  };
}
