import { describe, expect, it } from "vitest";
import { applySelection, readSelection, type Expand, type JsonRecord } from "../../generator/core/partial.js";

/**
 * Partial responses (core/partial.ts): Bitbucket's `fields` syntax over a page shaped as Bitbucket's,
 * compared as serialized bytes, so key order is part of every assertion.
 */
const page = (): JsonRecord => ({
  pagelen: 2,
  size: 2,
  values: [
    { id: 1, title: "a", author: { display_name: "Ann", uuid: "{1}" }, links: { self: { href: "https://x/pr/1" }, html: { href: "h1" } } },
    { id: 2, title: "b", author: null, links: { self: { href: "https://x/pr/2" }, html: { href: "h2" } } },
  ],
  page: 1,
  next: "https://x/prs?page=2",
});

/** The full pull requests, as their self links name them: they carry participants, which items do not. */
const full: Record<string, JsonRecord> = {
  "https://x/pr/1": {
    id: 1,
    title: "a",
    participants: [{ role: "REVIEWER", user: { account_id: "u1", nickname: "n" } }],
    author: {},
    links: {},
  },
  "https://x/pr/2": { id: 2, title: "b", participants: [], author: null, links: {} },
};
const expand: Expand = (o) => {
  const self = ((o.links as JsonRecord | undefined)?.self as JsonRecord | undefined)?.href;
  return Promise.resolve(typeof self === "string" ? full[self] : undefined);
};

async function cut(fields: string, value: JsonRecord = page()): Promise<string> {
  const selection = readSelection(fields);
  if (!selection) return JSON.stringify(value);
  return JSON.stringify(await applySelection(value, selection, expand));
}

describe("partial responses", () => {
  it("selects only the named fields, in the object's key order, pagination keys too when named", async () => {
    expect(await cut("values.title,values.id,size")).toBe('{"size":2,"values":[{"id":1,"title":"a"},{"id":2,"title":"b"}]}');
    expect(await cut("values.author.display_name,page,pagelen")).toBe(
      '{"pagelen":2,"values":[{"author":{"display_name":"Ann"}},{"author":null}],"page":1}',
    );
  });

  it("removes with '-', at any depth and with '*'", async () => {
    expect(await cut("-values,-next")).toBe('{"pagelen":2,"size":2,"page":1}');
    expect(await cut("-values.*.href,-values.links.self,-values.author,-values.title,-pagelen,-size,-page,-next")).toBe(
      '{"values":[{"id":1,"links":{"html":{"href":"h1"}}},{"id":2,"links":{"html":{"href":"h2"}}}]}',
    );
  });

  it("adds with '+': the whole object, with what only the full representation carries, in its key order", async () => {
    const added = JSON.parse(await cut("+values.participants.user.account_id")) as { values: JsonRecord[]; next: string };
    expect(JSON.stringify(added.values[0])).toBe(
      '{"id":1,"title":"a","participants":[{"role":"REVIEWER","user":{"account_id":"u1","nickname":"n"}}],"author":{"display_name":"Ann","uuid":"{1}"},"links":{"self":{"href":"https://x/pr/1"},"html":{"href":"h1"}}}',
    );
    expect(added.next).toBe("https://x/prs?page=2");
  });

  it("expands a selected field an item lacks, and leaves out one nothing carries", async () => {
    expect(await cut("values.id,values.participants.role,values.nothing")).toBe(
      '{"values":[{"id":1,"participants":[{"role":"REVIEWER"}]},{"id":2,"participants":[]}]}',
    );
  });

  it("reads '*' as every key of its level, and an empty or signless-empty value as no selection", async () => {
    expect(await cut("values.*.href")).toBe(
      '{"values":[{"id":1,"title":"a","author":{},"links":{}},{"id":2,"title":"b","author":null,"links":{}}]}',
    );
    expect(readSelection(" , ")).toBeUndefined();
    expect(await cut("+")).toBe(JSON.stringify(page()));
  });
});
