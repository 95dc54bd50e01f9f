import { describe, expect, it } from "vitest";
import { BitbucketSchemas } from "./schemas.js";

/** The hand-written validators must reject what Bitbucket would never send, or they check nothing. */
describe("bb schemas", () => {
  const schemas = new BitbucketSchemas();
  const repo = "2.0/repositories/acme/api";
  const uuid = "{0b1c2d3e-4f50-4617-8a9b-0c1d2e3f4a5b}";
  const link = (href: string) => ({ href });
  const user = {
    display_name: "A",
    uuid,
    type: "user",
    links: { self: link("https://x/u"), avatar: link("https://x/a"), html: link("https://x/h") },
  };
  const commitRef = { type: "commit", hash: "a".repeat(40), links: { self: link("https://x/c"), html: link("https://x/c") } };
  const repoRef = {
    type: "repository",
    full_name: "acme/api",
    name: "api",
    uuid,
    links: { self: link("https://x/r"), html: link("https://x/r"), avatar: link("https://x/r") },
  };
  const endpoint = { branch: { name: "main" }, commit: commitRef, repository: repoRef };
  const rendered = { type: "rendered", raw: "x", markup: "markdown", html: "<p>x</p>" };
  const prLinks = Object.fromEntries(
    ["self", "html", "commits", "approve", "diff", "diffstat", "comments", "activity", "merge", "decline", "statuses"].map((n) => [
      n,
      link(`https://x/${n}`),
    ]),
  );
  const pr = {
    type: "pullrequest",
    id: 1,
    title: "PAY-1: x",
    description: "",
    state: "MERGED",
    author: user,
    source: endpoint,
    destination: endpoint,
    merge_commit: commitRef,
    comment_count: 0,
    task_count: 0,
    close_source_branch: true,
    closed_by: user,
    reason: "",
    created_on: "2026-04-02T09:14:00.000000+00:00",
    updated_on: "2026-04-02T09:14:00.000000+00:00",
    links: prLinks,
    summary: rendered,
  };
  const list = (values: unknown[]) => ({ pagelen: 10, size: values.length, values, page: 1 });

  it("accepts a well-formed pull request page and rejects broken ones", () => {
    expect(schemas.validate(`${repo}/pullrequests`, list([pr]))).toBeUndefined();
    expect(schemas.validate(`${repo}/pullrequests`, list([{ ...pr, state: "CLOSED" }]))).toContain("state");
    expect(schemas.validate(`${repo}/pullrequests`, list([{ ...pr, merge_commit: { ...commitRef, hash: "abc" } }]))).toContain("hash");
    expect(schemas.validate(`${repo}/pullrequests`, list([{ ...pr, created_on: "yesterday" }]))).toContain("date-time");
    // The list form leaves out reviewers and participants, which only the single pull request carries.
    expect(schemas.validate(`${repo}/pullrequests`, list([{ ...pr, participants: [] }]))).toBeDefined();
    expect(schemas.validate(`${repo}/pullrequests/1`, pr)).toContain("participants");
    expect(schemas.validate(`${repo}/pullrequests`, { values: [pr] })).toContain("pagelen");
  });

  it("holds the commits lists to iterator pages: pagelen, values and next only", () => {
    expect(schemas.validate(`${repo}/commits`, { pagelen: 30, values: [] })).toBeUndefined();
    expect(schemas.validate(`${repo}/commits`, { pagelen: 30, values: [], size: 0 })).toBeDefined();
  });

  it("holds diffstats to Bitbucket's entries, 500 a page at most, with at least one side", () => {
    const side = (sha: string) => ({
      path: "README.md",
      type: "commit_file",
      escaped_path: "README.md",
      links: { self: link(`https://x/src/${sha}/README.md`) },
    });
    const entry = { type: "diffstat", lines_added: 2, lines_removed: 1, status: "modified", old: side("a"), new: side("b") };
    const stat = (values: unknown[], pagelen = 500) => ({ pagelen, size: values.length, values, page: 1 });
    expect(schemas.validate(`${repo}/diffstat/${"a".repeat(40)}`, stat([entry, { ...entry, status: "added", old: null }]))).toBeUndefined();
    expect(schemas.validate(`${repo}/pullrequests/3/diffstat`, stat([entry]))).toBeUndefined();
    expect(schemas.validate(`${repo}/pullrequests/3/diffstat`, stat([{ ...entry, old: null, new: null }]))).toBeDefined();
    expect(schemas.validate(`${repo}/pullrequests/3/diffstat`, stat([{ ...entry, status: "changed" }]))).toContain("status");
    expect(schemas.validate(`${repo}/pullrequests/3/diffstat`, stat([entry], 501))).toContain("pagelen");
    expect(schemas.validate(`${repo}/pullrequests/3/diffstat`, stat([{ ...entry, lines_added: "2" }]))).toContain("lines_added");
  });

  it("has no schema for a path it does not know", () => {
    expect(schemas.validate("2.0/no-such-area/acme", {})).toBe("no schema for 2.0/no-such-area/acme");
  });
});
