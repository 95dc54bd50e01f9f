import { createHash } from "node:crypto";
import { request } from "node:http";
import { describe, expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const pin = "gh-2026-03-g5";
const skip = only !== undefined && !only.includes(pin);

async function post(body: unknown, headers: Record<string, string> = { authorization: "bearer snapverse" }, path = "graphql") {
  const res = await fetch(`${baseUrl}/${pin}/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

/** A POST with its own Host header (fetch does not let one be set): the host-style request DevLake makes. */
function hostStyle(path: string, host: string, body: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: hostname,
        port,
        path,
        method: "POST",
        headers: { host, authorization: "bearer x", "content-type": "application/json" },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** Issue 13: GitHub's answers to requests that go wrong, and the same bytes for the same request. */
describe.skipIf(skip)("GitHub GraphQL errors and determinism", () => {
  it("needs a token (401), reads JSON (400), and names a missing query", async () => {
    const anonymous = await post({ query: "{ viewer { login } }" }, {});
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.text).message).toBe("This endpoint requires you to be authenticated.");
    const broken = await post("{not json");
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.text).message).toBe("Problems parsing JSON");
    const none = await post({ variables: {} });
    expect(none.status).toBe(200);
    expect(JSON.parse(none.text).errors[0].message).toBe("A query attribute must be specified and must be a string.");
  });

  it("answers an undefined field as graphql-ruby words it, with HTTP 200 and no data", async () => {
    const r = await post({ query: "query Q { viewer { login nope } }" });
    expect(r.status).toBe(200);
    expect(r.text).toBe(
      JSON.stringify({
        errors: [
          {
            path: ["query Q", "viewer", "nope"],
            extensions: { code: "undefinedField", typeName: "User", fieldName: "nope" },
            locations: [{ line: 1, column: 26 }],
            message: "Field 'nope' doesn't exist on type 'User'",
          },
        ],
      }),
    );
  });

  it("refuses unbounded and oversized connections with GitHub's types, but not a totalCount alone", async () => {
    const unbounded = JSON.parse(
      (await post({ query: '{ repository(owner: "lumenharbor", name: "payments-api") { pullRequests { nodes { number } } } }' })).text,
    );
    expect(unbounded.errors[0].type).toBe("MISSING_PAGINATION_BOUNDARIES");
    expect(unbounded.errors[0].message).toBe(
      "You must provide a `first` or `last` value to properly paginate the `pullRequests` connection.",
    );
    expect(unbounded.errors[0].path).toStrictEqual(["repository", "pullRequests"]);
    const big = JSON.parse(
      (
        await post({
          query: '{ repository(owner: "lumenharbor", name: "payments-api") { pullRequests(first: 101) { nodes { number } } } }',
        })
      ).text,
    );
    expect(big.errors[0].type).toBe("EXCESSIVE_PAGINATION");
    expect(big.errors[0].message).toBe("Requesting 101 records on the `pullRequests` connection exceeds the `first` limit of 100 records.");
    const counted = JSON.parse(
      (await post({ query: '{ repository(owner: "lumenharbor", name: "payments-api") { pullRequests { totalCount } } }' })).text,
    );
    expect(counted.errors).toBeUndefined();
    expect(counted.data.repository.pullRequests.totalCount).toBeGreaterThan(0);
  });

  it("answers NOT_FOUND for what the pin does not hold, and names a field it does not serve", async () => {
    const missing = JSON.parse((await post({ query: '{ repository(owner: "lumenharbor", name: "nope") { name } }' })).text);
    expect(missing).toStrictEqual({
      data: { repository: null },
      errors: [
        {
          type: "NOT_FOUND",
          path: ["repository"],
          locations: [{ line: 1, column: 3 }],
          message: "Could not resolve to a Repository with the name 'lumenharbor/nope'.",
        },
      ],
    });
    const unserved = JSON.parse(
      (await post({ query: '{ repository(owner: "lumenharbor", name: "payments-api") { name codeOfConduct { name } } }' })).text,
    );
    expect(unserved.data.repository).toStrictEqual({ name: "payments-api", codeOfConduct: null });
    expect(unserved.errors[0].type).toBe("NOT_SERVED");
    expect(unserved.errors[0].message).toContain("Field 'codeOfConduct' on type 'Repository'");
  });

  it("applies no mutation: a FORBIDDEN error per field", async () => {
    const r = JSON.parse((await post({ query: 'mutation { addStar(input: {starrableId: "R_x"}) { clientMutationId } }' })).text);
    expect(r.data).toStrictEqual({ addStar: null });
    expect(r.errors[0].type).toBe("FORBIDDEN");
  });

  it("serves GitHub Enterprise's path (/api/graphql) and DevLake's host-style request identically", async () => {
    const query = {
      query: '{ repository(owner: "lumenharbor", name: "payments-api") { databaseId pullRequests(first: 3) { nodes { id } } } }',
    };
    const a = await post(query);
    const b = await post(query, { authorization: "bearer snapverse" }, "api/graphql");
    expect(b.text).toBe(a.text);
    expect(await hostStyle("/api/graphql", `${pin}.snap.snapverse.dev`, JSON.stringify(query))).toBe(a.text);
    expect(a.headers.get("x-ratelimit-resource")).toBe("graphql");
  });

  it("gives the same bytes for the same query, variables and operation name, errors included", async () => {
    const query = {
      query:
        `query A($n: String!) { repository(owner: "lumenharbor", name: $n) { issues(first: 30) { ` +
        `nodes { number comments(first: 5) { nodes { body } } } } pullRequests { nodes { id } } } ` +
        `nope: repository(owner: "x", name: "y") { id } }
              query B { viewer { login } }`,
      variables: { n: "payments-api" },
      operationName: "A",
    };
    const digests = new Set<string>();
    for (let i = 0; i < 3; i++)
      digests.add(
        createHash("sha256")
          .update((await post(query)).text)
          .digest("hex"),
      );
    expect(digests.size).toBe(1);
  });
});
