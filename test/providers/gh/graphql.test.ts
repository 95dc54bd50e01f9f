import { graphql } from "@octokit/graphql";
import { paginateGraphQL } from "@octokit/plugin-paginate-graphql";
import { Octokit } from "@octokit/rest";
import { describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { isoSeconds } from "../../../generator/world/clock.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";

const baseUrl = inject("baseUrl");
const catalog = loadCatalog("catalog.yaml");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);

type Any = any;

/**
 * Issue 13: `@octokit/graphql` and `octokit.graphql.paginate`, given only the base URL, run the read
 * workflow of a GraphQL sync over both pins. Expected values come from the world, not from the files.
 */
describe.each(["gh-2026-03-g5", "gh-2026-03"])("GitHub GraphQL through @octokit/graphql on %s", (pinName) => {
  const skip = only !== undefined && !only.includes(pinName);
  const pin = catalog.pins.find((p) => p.name === pinName)!;
  const world = buildWorld(catalog.generations.get(pin.generation)!, { render: loadTemplates("templates/repo") });
  const org = world.company.slug;
  const busiest = [...world.repos].sort((a, b) => b.pulls.length - a.pulls.length)[0]!;
  const person = (id: number) => world.people.find((p) => p.id === id)!;
  const gql = graphql.defaults({ baseUrl: `${baseUrl}/${pinName}`, headers: { authorization: "token snapverse" } });
  const PaginatingOctokit = Octokit.plugin(paginateGraphQL);
  const octokit = new PaginatingOctokit({ baseUrl: `${baseUrl}/${pinName}`, auth: "snapverse", request: { retries: 0 } });

  const PULLS = `query ($owner: String!, $name: String!, $pageSize: Int!, $cursor: String) {
    repository(owner: $owner, name: $name) {
      pullRequests(first: $pageSize, after: $cursor, states: [OPEN, CLOSED, MERGED], orderBy: {field: CREATED_AT, direction: ASC}) {
        totalCount
        pageInfo { hasNextPage endCursor }
        nodes {
          number title state mergedAt author { login }
          reviews(first: 100) { totalCount nodes { state author { login } submittedAt } }
          commits(first: 100) { totalCount nodes { commit { oid messageHeadline author { email } } } }
        }
      }
    }
  }`;

  it.skipIf(skip)("serves milestones, issue milestones and commit statuses beside the check runs", async () => {
    const result = await gql<Any>(
      `query ($owner: String!, $name: String!, $sha: GitObjectID!) {
        repository(owner: $owner, name: $name) {
          milestones(first: 100, orderBy: {field: DUE_DATE, direction: DESC}) { totalCount nodes { number title state } }
          issues(first: 100, filterBy: {milestone: "none"}) { totalCount }
          object(oid: $sha) { ... on Commit {
            status { state contexts { context state creator { login } } }
            statusCheckRollup { state contexts(first: 100) { nodes { __typename ... on StatusContext { context state } ... on CheckRun { name } } } }
          } }
        }
      }`,
      { owner: org, name: busiest.name, sha: busiest.statuses.at(-1)!.sha },
    );
    const repo = result.repository;
    expect(repo.milestones.nodes.map((m: Any) => `${m.number} ${m.state}`)).toStrictEqual(
      [...busiest.milestones].sort((a, b) => b.dueOn - a.dueOn).map((m) => `${m.number} ${m.closedAt === undefined ? "OPEN" : "CLOSED"}`),
    );
    expect(repo.issues.totalCount).toBe(busiest.issues.filter((i) => i.milestoneNumber === undefined).length);
    const sha = busiest.statuses.at(-1)!.sha;
    const latest = new Map(busiest.statuses.filter((x) => x.sha === sha).map((x) => [x.context, x]));
    const contexts = [...latest.values()].map((x) => `${x.context} ${x.state.toUpperCase()} ${person(x.creatorId).handles.github}`);
    expect(repo.object.status.contexts.map((c: Any) => `${c.context} ${c.state} ${c.creator.login}`)).toStrictEqual(contexts);
    const rolled = repo.object.statusCheckRollup.contexts.nodes as Any[];
    expect(rolled.filter((c) => c.__typename === "StatusContext").map((c) => `${c.context} ${c.state}`)).toStrictEqual(
      [...latest.values()].map((x) => `${x.context} ${x.state.toUpperCase()}`),
    );
    expect(rolled.filter((c) => c.__typename === "CheckRun").length).toBe(
      busiest.runs.filter((r) => r.headSha === sha).reduce((n, r) => n + r.jobs.length, 0),
    );
  });

  it.skipIf(skip)(
    "pages every pull request of the busiest repository to the end at first: 100 and first: 7, with reviews and commits",
    async () => {
      const expected = [...busiest.pulls].sort((a, b) => a.createdAt - b.createdAt || a.number - b.number);
      for (const pageSize of [100, 7]) {
        const result = await octokit.graphql.paginate<Any>(PULLS, { owner: org, name: busiest.name, pageSize });
        const nodes = result.repository.pullRequests.nodes as Any[];
        expect(nodes.map((n) => n.number)).toStrictEqual(expected.map((p) => p.number));
        expect(result.repository.pullRequests.totalCount).toBe(busiest.pulls.length);
        for (const [i, pr] of expected.entries()) {
          const n = nodes[i];
          expect(n.title).toBe(pr.title);
          expect(n.state).toBe(pr.mergedAt !== undefined ? "MERGED" : pr.state === "open" ? "OPEN" : "CLOSED");
          expect(n.mergedAt).toBe(pr.mergedAt === undefined ? null : isoSeconds(pr.mergedAt));
          expect(n.author.login).toBe(person(pr.authorId).handles.github);
          expect(n.reviews.nodes.map((r: Any) => [r.state, r.author.login])).toStrictEqual(
            pr.reviews.map((r) => [r.state, person(r.reviewerId).handles.github]),
          );
          expect(n.commits.nodes.map((c: Any) => c.commit.oid)).toStrictEqual(pr.commits.map((c) => c.sha));
          expect(n.commits.nodes.map((c: Any) => c.commit.author.email)).toStrictEqual(pr.commits.map((c) => person(c.authorId).email));
        }
      }
    },
  );

  it.skipIf(skip)("reads the issues updated since a date (filterBy: {since}), oldest first", async () => {
    const times = busiest.issues.map((i) => i.updatedAt).sort((a, b) => a - b);
    const since = times[Math.floor(times.length / 2)]!;
    const result = await octokit.graphql.paginate<Any>(
      `query ($owner: String!, $name: String!, $since: DateTime!, $cursor: String) {
      repository(owner: $owner, name: $name) {
        issues(first: 25, after: $cursor, filterBy: {since: $since}) { totalCount ` +
        `pageInfo { hasNextPage endCursor } nodes { number state updatedAt } }
      }
    }`,
      { owner: org, name: busiest.name, since: isoSeconds(since) },
    );
    const expected = busiest.issues.filter((i) => i.updatedAt >= since).sort((a, b) => a.createdAt - b.createdAt || a.number - b.number);
    expect(expected.length).toBeGreaterThan(0);
    expect(result.repository.issues.nodes.map((n: Any) => n.number)).toStrictEqual(expected.map((i) => i.number));
    expect(result.repository.issues.nodes.map((n: Any) => n.state)).toStrictEqual(expected.map((i) => i.state.toUpperCase()));
  });

  it.skipIf(skip)("walks the default branch's history (defaultBranchRef.target.history) with since and until", async () => {
    const main = [...busiest.mainCommits].reverse();
    const all = await octokit.graphql.paginate<Any>(
      `query ($owner: String!, $name: String!, $cursor: String) {
      repository(owner: $owner, name: $name) {
        defaultBranchRef { name target { ... on Commit { oid history(first: 100, after: ` +
        `$cursor) { totalCount pageInfo { hasNextPage endCursor } nodes { oid committedDate ` +
        `parents(first: 2) { nodes { oid } } } } } } }
      }
    }`,
      { owner: org, name: busiest.name },
    );
    const history = all.repository.defaultBranchRef.target.history;
    expect(all.repository.defaultBranchRef.name).toBe(busiest.defaultBranch);
    expect(history.nodes.map((c: Any) => c.oid)).toStrictEqual(main.map((c) => c.sha));
    expect(history.nodes.map((c: Any) => c.parents.nodes.map((p: Any) => p.oid))).toStrictEqual(main.map((c) => c.parents));
    const since = main[Math.floor(main.length * 0.75)]!.committedAt,
      until = main[Math.floor(main.length * 0.25)]!.committedAt;
    const window = await gql<Any>(
      `query ($owner: String!, $name: String!, $since: GitTimestamp!, $until: GitTimestamp!) {
      repository(owner: $owner, name: $name) { defaultBranchRef { target { ... on Commit ` +
        `{ history(first: 100, since: $since, until: $until) { totalCount nodes { oid } } } } } }
    }`,
      { owner: org, name: busiest.name, since: isoSeconds(since), until: isoSeconds(until) },
    );
    const inWindow = main.filter((c) => c.committedAt >= since && c.committedAt <= until);
    expect(window.repository.defaultBranchRef.target.history.nodes.map((c: Any) => c.oid)).toStrictEqual(
      inWindow.slice(0, 100).map((c) => c.sha),
    );
  });

  it.skipIf(skip)("searches pull requests and issues with connectors' qualifiers (search(type: ISSUE))", async () => {
    const merged = busiest.pulls.filter((p) => p.mergedAt !== undefined);
    const result = await octokit.graphql.paginate<Any>(
      `query ($q: String!, $cursor: String) {
      search(type: ISSUE, query: $q, first: 50, after: $cursor) { issueCount pageInfo { ` +
        `hasNextPage endCursor } nodes { __typename ... on PullRequest { number merged } } }
    }`,
      { q: `repo:${org}/${busiest.name} is:pr is:merged sort:created-asc` },
    );
    expect(result.search.issueCount).toBe(merged.length);
    expect(result.search.nodes.map((n: Any) => n.number)).toStrictEqual(
      [...merged].sort((a, b) => a.createdAt - b.createdAt || a.number - b.number).map((p) => p.number),
    );
    expect(new Set(result.search.nodes.map((n: Any) => `${n.__typename}:${n.merged}`))).toStrictEqual(new Set(["PullRequest:true"]));
    const createdFrom = busiest.issues.map((i) => i.createdAt).sort((a, b) => a - b)[Math.floor(busiest.issues.length / 2)]!;
    const issues = await gql<Any>(
      `query ($q: String!) { search(type: ISSUE, query: $q, first: 100) { issueCount nodes { ... on Issue { number } } } }`,
      { q: `org:${org} repo:${org}/${busiest.name} is:issue created:>=${isoSeconds(createdFrom).slice(0, 10)}` },
    );
    const day = Date.parse(isoSeconds(createdFrom).slice(0, 10));
    expect(issues.search.issueCount).toBe(busiest.issues.filter((i) => i.createdAt >= day).length);
  });

  it.skipIf(skip)("reads the viewer, the organization's members and teams, and the rate limit", async () => {
    const r = await gql<Any>(
      `{ viewer { login } organization(login: "${org}") { login membersWithRole(first: 100) { totalCount nodes { login name } } ` +
        `teams(first: 100) { totalCount nodes { slug members(first: 100) { totalCount } } } } ` +
        `rateLimit { limit cost remaining resetAt nodeCount } }`,
    );
    expect(r.organization.membersWithRole.totalCount).toBe(world.people.length);
    expect(r.organization.membersWithRole.nodes.map((m: Any) => m.name).sort()).toStrictEqual(world.people.map((p) => p.name).sort());
    expect(r.organization.teams.nodes.map((t: Any) => [t.slug, t.members.totalCount])).toStrictEqual(
      world.teams.map((t) => [t.slug, t.memberIds.length]),
    );
    // 100 members + 100 teams + 100 members per team: GitHub's node count.
    expect(r.rateLimit.nodeCount).toBe(100 + 100 + 100 * 100);
    expect(r.rateLimit.cost).toBe(1);
  });
});
