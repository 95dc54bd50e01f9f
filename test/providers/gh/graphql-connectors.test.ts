import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { type DocumentNode, type SelectionSetNode, Kind, parse } from "graphql";
import { describe, expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const DIR = "test/providers/gh/graphql-connectors";

type Any = any;

/**
 * Issue 13: the GraphQL documents that Apache DevLake's `github_graphql` collectors, Airbyte's
 * source-github and the `gh` CLI send (one file each in graphql-connectors/, with the source file and
 * commit it was read from in its header), replayed against both pins with the variables and paging of
 * the connector. Every document must run without an error, and every field it selects must be in the
 * answer; the collectors' walks are followed to the end and checked against the REST pin.
 */
const documents = readdirSync(DIR)
  .filter((f) => f.endsWith(".graphql"))
  .sort();

/**
 * The response keys a document selects, by path (`repository.pullRequests.nodes.number`), fragments
 * included; keys under a type condition (`... on User { name }`) only apply to objects of that type,
 * so they are left out.
 */
function selectedPaths(document: DocumentNode): Set<string> {
  const out = new Set<string>();
  const fragments = new Map(
    document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d.selectionSet] as const] : [])),
  );
  const walk = (set: SelectionSetNode | undefined, path: string) => {
    for (const sel of set?.selections ?? []) {
      if (sel.kind === Kind.FIELD) {
        const key = `${path}${sel.alias?.value ?? sel.name.value}`;
        out.add(key);
        walk(sel.selectionSet, `${key}.`);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        if (!sel.typeCondition) walk(sel.selectionSet, path);
      } else walk(fragments.get(sel.name.value), path);
    }
  };
  for (const d of document.definitions) if (d.kind === Kind.OPERATION_DEFINITION) walk(d.selectionSet, "");
  return out;
}

/** The response keys present in an answer, by the same paths (list items merged). */
function answeredPaths(value: unknown, path = "", out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) answeredPaths(v, path, out);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      out.add(`${path}${k}`);
      answeredPaths(v, `${path}${k}.`, out);
    }
  }
  return out;
}

describe.each(["gh-2026-03-g5", "gh-2026-03"])("connector GraphQL documents on %s", (pin) => {
  const skip = only !== undefined && !only.includes(pin);
  const rest = async (path: string): Promise<Any> => (await fetch(`${baseUrl}/${pin}/${path}`)).json();
  const post = async (query: string, variables: Record<string, unknown> = {}): Promise<Any> => {
    const res = await fetch(`${baseUrl}/${pin}/graphql`, {
      method: "POST",
      headers: { authorization: "Bearer x", accept: "application/vnd.github.merge-info-preview+json" },
      body: JSON.stringify({ query, variables }),
    });
    expect(res.status).toBe(200);
    return res.json();
  };

  /** The busiest repository, and the REST facts the examples in the documents are replaced with. */
  async function facts() {
    const org = ((await rest("user/orgs")) as Any[])[0].login as string;
    const repos = (await rest(`orgs/${org}/repos?per_page=100`)) as Any[];
    const counts = await Promise.all(
      repos.map(async (r) => ((await rest(`repos/${r.full_name}/pulls?state=all&per_page=100`)) as Any[]).length),
    );
    const repo = repos[counts.indexOf(Math.max(...counts))]!;
    const base = `repos/${repo.full_name}`;
    const pulls = (await rest(`${base}/pulls?state=all&per_page=100`)) as Any[];
    const issues = ((await rest(`${base}/issues?state=all&per_page=100`)) as Any[]).filter((i) => !i.pull_request);
    const runs = (await rest(`${base}/actions/runs?per_page=100`)).workflow_runs as Any[];
    const merged = pulls.find((p) => p.merged_at)!;
    const reviews = (await rest(`${base}/pulls/${merged.number}/reviews`)) as Any[];
    const comments = (await rest(`${base}/pulls/comments?per_page=100`)) as Any[];
    return { org, repo, base, pulls, issues, runs, merged, reviews, comments };
  }

  it.skipIf(skip)("runs every document without an error and answers every field it selects", async () => {
    const f = await facts();
    const inline = (text: string) =>
      text
        .replaceAll('"octo-org"', `"${f.org}"`)
        .replaceAll('"hello-world"', `"${f.repo.name}"`)
        .replaceAll('"PR_kwDOABCD1234zgAAAAE"', `"${f.merged.node_id}"`)
        .replaceAll('"PRR_kwDOABCD1234zgAAAAE"', `"${f.reviews[0].node_id}"`)
        .replaceAll('"PRRC_kwDOABCD1234zgAAAAE"', `"${f.comments[0].node_id}"`)
        .replace(/number: 1347/, `number: ${f.merged.number}`)
        .replace(/number: 1296/, `number: ${f.issues[0].number}`)
        // A cursor from GitHub's own examples: the first page is asked for instead.
        .replaceAll(/,?\s*after: "Y3Vy[A-Za-z0-9=]*"/g, "");
    const values: Record<string, unknown> = {
      owner: f.org,
      name: f.repo.name,
      repo: f.repo.name,
      pageSize: 10,
      skipCursor: null,
      limit: 30,
      state: ["OPEN", "CLOSED", "MERGED"],
      q: `repo:${f.repo.full_name} is:pr author:${f.merged.user.login}`,
      id: f.runs[0].check_suite_node_id,
      node__0__id: f.runs[0].check_suite_node_id,
      node__1__id: f.runs[1].check_suite_node_id,
      pullRequest__0__number: f.pulls[0].number,
      pullRequest__1__number: f.pulls[1].number,
      issue__0__number: f.issues[0].number,
      issue__1__number: f.issues[1].number,
      user__0__login: f.merged.user.login,
      user__1__login: f.reviews[0].user.login,
    };
    expect(documents.length).toBe(25);
    for (const file of documents) {
      const query = inline(readFileSync(join(DIR, file), "utf8"));
      const declared = [...query.matchAll(/\$(\w+):/g)].map((m) => m[1]!);
      const body = await post(query, Object.fromEntries(declared.map((d) => [d, values[d]])));
      expect(body.errors, file).toBeUndefined();
      const answered = answeredPaths(body.data);
      // Keys under a null object or an empty list have nothing to answer; every other selected key is there.
      const missing = [...selectedPaths(parse(query))].filter(
        (p) => !answered.has(p) && answered.has(p.split(".").slice(0, -1).join(".")) && !/__typename$/.test(p),
      );
      const emptyParents = missing.filter((p) => {
        const parent = p.split(".").slice(0, -1);
        let v: Any = body.data;
        for (const k of parent) v = Array.isArray(v) ? v.flatMap((x) => x?.[k] ?? []) : v?.[k];
        return v === null || (Array.isArray(v) && v.length === 0);
      });
      expect(
        missing.filter((p) => !emptyParents.includes(p)),
        file,
      ).toStrictEqual([]);
    }
  });

  it.skipIf(skip)("DevLake's pull request collector (devlake-01) pages to the end at 10 and sees every REST pull request", async () => {
    const f = await facts();
    const query = readFileSync(join(DIR, "devlake-01-collect-prs.graphql"), "utf8");
    const seen: Any[] = [];
    let skipCursor: string | null = null;
    for (;;) {
      const body = await post(query, { owner: f.org, name: f.repo.name, pageSize: 10, skipCursor });
      const conn = body.data.repository.pullRequests;
      seen.push(...conn.nodes);
      if (!conn.pageInfo.hasNextPage) break;
      skipCursor = conn.pageInfo.endCursor;
    }
    // orderBy CREATED_AT DESC: REST's default list order (newest first).
    expect(seen.map((p) => p.number)).toStrictEqual(f.pulls.map((p) => p.number));
    expect(seen.map((p) => p.databaseId)).toStrictEqual(f.pulls.map((p) => p.id));
    expect(seen.map((p) => p.state)).toStrictEqual(f.pulls.map((p) => (p.merged_at ? "MERGED" : p.state.toUpperCase())));
  });

  it.skipIf(skip)("DevLake's job collector (devlake-05) reads each workflow run's check suite by REST's check_suite_node_id", async () => {
    const f = await facts();
    const query = readFileSync(join(DIR, "devlake-05-collect-jobs-batch.graphql"), "utf8");
    for (const [a, b] of [
      [f.runs[0], f.runs[1]],
      [f.runs.at(-2), f.runs.at(-1)],
    ] as Array<[Any, Any]>) {
      const body = await post(query, {
        node__0__id: a.check_suite_node_id,
        node__1__id: b.check_suite_node_id,
        pageSize: 20,
        skipCursor: null,
      });
      for (const [alias, run] of [
        ["node__0", a],
        ["node__1", b],
      ] as const) {
        const suite = body.data[alias];
        expect(suite.id).toBe(run.check_suite_node_id);
        expect(suite.workflowRun.databaseId).toBe(run.id);
        const jobs = (await rest(`${f.base}/actions/runs/${run.id}/jobs?per_page=100`)).jobs as Any[];
        expect(suite.checkRuns.nodes.map((c: Any) => [c.databaseId, c.name, c.conclusion])).toStrictEqual(
          jobs.map((j) => [j.id, j.name, j.conclusion?.toUpperCase() ?? null]),
        );
        expect(suite.checkRuns.nodes.map((c: Any) => c.steps.totalCount)).toStrictEqual(jobs.map((j) => j.steps.length));
      }
    }
  });

  it.skipIf(skip)("DevLake's deployment collector (devlake-07) pages all deployments newest first, with their latest status", async () => {
    const f = await facts();
    const query = readFileSync(join(DIR, "devlake-07-collect-deployments.graphql"), "utf8");
    const seen: Any[] = [];
    let skipCursor: string | null = null;
    for (;;) {
      const body = await post(query, { owner: f.org, name: f.repo.name, pageSize: 100, skipCursor });
      const conn = body.data.repository.deployments;
      seen.push(...conn.nodes);
      if (!conn.pageInfo.hasNextPage) break;
      skipCursor = conn.pageInfo.endCursor;
    }
    const deployments = [];
    for (let page = 1; ; page++) {
      const items = (await rest(`${f.base}/deployments?per_page=100&page=${page}`)) as Any[];
      deployments.push(...items);
      if (items.length < 100) break;
    }
    expect(seen.map((d) => [d.databaseId, d.environment, d.commitOid])).toStrictEqual(deployments.map((d) => [d.id, d.environment, d.sha]));
  });

  it.skipIf(skip)("the gh CLI's `pr list` search (gh-02) finds exactly the author's pull requests", async () => {
    const f = await facts();
    const query = readFileSync(join(DIR, "gh-02-pr-search.graphql"), "utf8");
    const login = f.merged.user.login;
    const body = await post(query, { q: `repo:${f.repo.full_name} is:pr author:${login}`, limit: 100 });
    const expected = f.pulls.filter((p) => p.user.login === login);
    expect(body.data.search.issueCount).toBe(expected.length);
    expect(body.data.search.nodes.map((n: Any) => n.number).sort((a: number, b: number) => a - b)).toStrictEqual(
      expected.map((p) => p.number).sort((a, b) => a - b),
    );
  });
});
