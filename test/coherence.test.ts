import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../generator/catalog/index.js";
import { DistClient } from "./conformance/walk.js";

/**
 * Cross-provider coherence, read from what the pins serve (not from the world): within a generation the
 * SCM pins cite the same work item keys and carry the same commits, each person has one name and email
 * everywhere, and every cited key is an issue of the trackers. Between generations nothing is shared.
 */
const dist = inject("dist");
const client = new DistClient(dist, inject("baseUrl"));
const catalog = loadCatalog("catalog.yaml");
const built = new Set(
  client.store
    .catalog()
    ?.pins.map((p) => p.name)
    .filter((name) => client.store.pin(name)) ?? [],
);
const KEY = /\b[A-Z]{2,5}-\d{4}\b/g;

interface Commit {
  sha: string;
  message: string;
  name: string;
  email: string;
  /** Authored at (ms). */
  at: number;
}

/** Where each SCM provider keeps single pull requests and commits, and how to read them. */
const SCM: Record<string, { pull: RegExp; pullText: (b: any) => string[]; commit: RegExp; readCommit: (b: any) => Commit }> = {
  gh: {
    pull: /^repos\/[^/]+\/[^/]+\/pulls\/\d+$/,
    pullText: (b) => [b.title, b.head.ref],
    commit: /^repos\/[^/]+\/[^/]+\/git\/commits\/[0-9a-f]{40}$/,
    readCommit: (b) => ({ sha: b.sha, message: b.message, name: b.author.name, email: b.author.email, at: Date.parse(b.author.date) }),
  },
  gl: {
    pull: /^api\/v4\/projects\/\d+\/merge_requests\/\d+$/,
    pullText: (b) => [b.title, b.source_branch],
    commit: /^api\/v4\/projects\/\d+\/repository\/commits\/[0-9a-f]{40}$/,
    readCommit: (b) => ({ sha: b.id, message: b.message, name: b.author_name, email: b.author_email, at: Date.parse(b.authored_date) }),
  },
  bb: {
    pull: /^2\.0\/repositories\/[^/]+\/[^/]+\/pullrequests\/\d+$/,
    pullText: (b) => [b.title, b.source.branch.name],
    commit: /^2\.0\/repositories\/[^/]+\/[^/]+\/commit\/[0-9a-f]{40}$/,
    readCommit: (b) => {
      const [, name, email] = /^(.*) <(.*)>$/.exec(b.author.raw)!;
      return { sha: b.hash, message: b.message, name: name!, email: email!, at: Date.parse(b.date) };
    },
  },
  ado: {
    pull: /^[^/]+\/_apis\/git\/repositories\/[^/]+\/pullRequests\/\d+$/,
    pullText: (b) => [b.title, b.sourceRefName],
    commit: /^[^/]+\/_apis\/git\/repositories\/[^/]+\/commits\/[0-9a-f]{40}$/,
    readCommit: (b) => ({ sha: b.commitId, message: b.comment, name: b.author.name, email: b.author.email, at: Date.parse(b.author.date) }),
  },
};

function read(pin: string, key: string): any {
  const data = client.pin(pin);
  return JSON.parse(readFileSync(join(dist, data.dir, data.routes.get(key)!.file), "utf8"));
}

function scmView(pin: string, prefix: string) {
  const spec = SCM[prefix]!;
  const keys = new Set<string>();
  const commits = new Map<string, Commit>();
  for (const key of [...client.pin(pin).routes.keys()].sort()) {
    if (spec.pull.test(key))
      for (const text of spec.pullText(read(pin, key))) for (const k of text.toUpperCase().match(KEY) ?? []) keys.add(k);
    if (spec.commit.test(key)) {
      const c = spec.readCommit(read(pin, key));
      commits.set(c.sha, c);
      for (const k of c.message.match(KEY) ?? []) keys.add(k);
    }
  }
  return { keys, commits };
}

const generations = [...catalog.generations.keys()].sort();
const scmPins = (g: number) => catalog.pins.filter((p) => p.generation === g && p.provider in SCM && built.has(p.name));
const views = new Map(generations.map((g) => [g, new Map(scmPins(g).map((p) => [p.provider, scmView(p.name, p.provider)]))]));

describe.each(generations.filter((g) => scmPins(g).length > 1))("coherence within generation %i", (g) => {
  const scm = views.get(g)!;

  it("every SCM pin cites the same work item keys and carries the same commits", () => {
    const [first, ...rest] = [...scm.entries()];
    expect(first![1].keys.size).toBeGreaterThan(100);
    expect(first![1].commits.size).toBeGreaterThan(300);
    for (const [prefix, view] of rest) {
      expect([...view.keys].sort().join(","), `${prefix} keys`).toBe([...first![1].keys].sort().join(","));
      expect([...view.commits.keys()].sort().join(","), `${prefix} commits`).toBe([...first![1].commits.keys()].sort().join(","));
    }
  });

  it("gives each person one name and one email in every provider", () => {
    const nameOf = new Map<string, string>();
    for (const [prefix, view] of scm) {
      for (const c of view.commits.values()) {
        if (c.email.startsWith("noreply@")) continue;
        const seen = nameOf.get(c.email);
        if (seen !== undefined && seen !== c.name) expect.fail(`${c.email} is ${seen} and, on ${prefix}, ${c.name}`);
        nameOf.set(c.email, c.name);
      }
    }
    expect(nameOf.size).toBeGreaterThan(10);
  });
});

/** Every Linear issue and user of a pin, through its GraphQL endpoint, paging to the end. */
async function linear(pin: string) {
  const post = async (query: string, variables: object) => {
    const res = await fetch(`${inject("baseUrl")}/${pin}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "lin_api_coherence" },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as { data: any; errors?: unknown[] };
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data;
  };
  const issues = new Map<string, { createdAt: number; completedAt: number | undefined }>();
  for (let after: string | null = null; ;) {
    const data: any = await post(
      "query($after: String) { issues(first: 250, after: $after) { nodes { identifier createdAt " +
        "completedAt } pageInfo { hasNextPage endCursor } } }",
      { after },
    );
    for (const n of data.issues.nodes)
      issues.set(n.identifier, { createdAt: Date.parse(n.createdAt), completedAt: n.completedAt ? Date.parse(n.completedAt) : undefined });
    if (!data.issues.pageInfo.hasNextPage) break;
    after = data.issues.pageInfo.endCursor;
  }
  const users = (await post("{ users(first: 250) { nodes { name email } } }", {})).users.nodes as Array<{ name: string; email: string }>;
  return { issues, users };
}

describe.each(generations)("trackers agree with the code, generation %i", (g) => {
  const linearPin = catalog.pins.find((p) => p.provider === "linear" && p.generation === g && built.has(p.name))?.name;
  const gh = views.get(g)?.get("gh");

  const jiraPin = catalog.pins.find((p) => p.provider === "jira" && p.generation === g && built.has(p.name))?.name;

  it.runIf(jiraPin && gh)("every key the code cites is a Jira issue, created before and resolved after the commits that cite it", () => {
    const routes = client.pin(jiraPin!).routes;
    expect([...gh!.keys].filter((k) => !routes.has(`rest/api/3/issue/${k}`))).toStrictEqual([]);
    const fields = new Map<
      string,
      { created: number; resolved: number | undefined; people: Array<{ displayName: string; emailAddress: string }> }
    >();
    for (const key of gh!.keys) {
      const f = read(jiraPin!, `rest/api/3/issue/${key}`).fields;
      fields.set(key, {
        created: Date.parse(f.created),
        resolved: f.resolutiondate ? Date.parse(f.resolutiondate) : undefined,
        people: [f.assignee, f.reporter].filter(Boolean),
      });
    }
    const nameOf = new Map([...gh!.commits.values()].map((c) => [c.email, c.name]));
    let compared = 0;
    for (const f of fields.values()) {
      for (const p of f.people) {
        if (!nameOf.has(p.emailAddress)) continue;
        expect(p.displayName, p.emailAddress).toBe(nameOf.get(p.emailAddress));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(100);
    for (const c of gh!.commits.values()) {
      for (const key of c.message.match(KEY) ?? []) {
        const f = fields.get(key)!;
        if (f.created > c.at) expect.fail(`${key} was created after commit ${c.sha} cites it`);
        if (f.resolved !== undefined && f.resolved < c.at) expect.fail(`${key} was resolved before commit ${c.sha} cites it`);
      }
    }
  });

  it.runIf(linearPin && gh)(
    "every key the code cites is a Linear issue, created before and completed after the commits that cite it",
    async () => {
      const { issues, users } = await linear(linearPin!);
      const missing = [...gh!.keys].filter((k) => !issues.has(k));
      expect(missing).toStrictEqual([]);
      for (const c of gh!.commits.values()) {
        for (const key of c.message.match(KEY) ?? []) {
          const issue = issues.get(key)!;
          if (issue.createdAt > c.at) expect.fail(`${key} was created after commit ${c.sha} cites it`);
          if (issue.completedAt !== undefined && issue.completedAt < c.at)
            expect.fail(`${key} was completed before commit ${c.sha} cites it`);
        }
      }
      const byEmail = new Map(users.map((u) => [u.email, u.name]));
      for (const c of gh!.commits.values()) if (!c.email.startsWith("noreply@")) expect(byEmail.get(c.email), c.email).toBe(c.name);
    },
  );
});

describe("between generations", () => {
  it("shares no work item key and no commit SHA", () => {
    const [a, b] = generations.map((g) => [...views.get(g)!.values()][0]).filter((v) => v !== undefined);
    if (!a || !b) return expect(built.size).toBeLessThan(catalog.pins.length);
    expect([...a.keys].filter((k) => b.keys.has(k))).toStrictEqual([]);
    expect([...a.commits.keys()].filter((s) => b.commits.has(s))).toStrictEqual([]);
  });
});
