import { describe, expect, it } from "vitest";
import { notAResource, relationsOf } from "../conformance/links.js";

/**
 * The one rule by which the conformance suite leaves a URL of an answer unfollowed (test/conformance/links.ts):
 * the field that holds it names a write action, a web page or an endpoint; anything else is followed.
 */
describe("link relations", () => {
  const o = "https://pin.example";
  const body = JSON.stringify({
    links: {
      self: { href: `${o}/pr/1` },
      approve: { href: `${o}/pr/1/approve` },
      merge: { href: `${o}/pr/1/merge` },
      html: { href: `${o}/web/pr/1` },
      clone: [{ name: "https", href: `${o}/repo.git` }],
    },
    viewUrl: `${o}/issues/?filter=1`,
    endpoint: `${o}/graphql`,
    statuses: `${o}/pr/1/statuses`,
    // The same URL under an action and under a plain field: followed.
    nested: { decline: { href: `${o}/pr/1/decline` }, also: `${o}/pr/1/decline` },
    text: `see ${o}/pr/2`,
  });
  const rel = relationsOf(body);

  it("names each whole-string URL by the key that holds it, or by the key of its `{href}` object", () => {
    expect([...rel.get(`${o}/pr/1`)!]).toStrictEqual(["self"]);
    expect([...rel.get(`${o}/pr/1/approve`)!]).toStrictEqual(["approve"]);
    expect([...rel.get(`${o}/repo.git`)!]).toStrictEqual(["clone"]);
    expect([...rel.get(`${o}/pr/1/decline`)!].sort()).toStrictEqual(["also", "decline"]);
    // A URL inside text is no field's value: it has no relation, so it is followed.
    expect(rel.has(`${o}/pr/2`)).toBe(false);
  });

  it("leaves out actions, web pages and endpoints, and follows everything else", () => {
    const skipped = [...rel].filter(([, r]) => notAResource(r)).map(([u]) => u.slice(o.length));
    expect(skipped.sort()).toStrictEqual(["/graphql", "/issues/?filter=1", "/pr/1/approve", "/pr/1/merge", "/web/pr/1"]);
    expect(notAResource(undefined)).toBe(false);
    expect(notAResource(new Set())).toBe(false);
  });

  it("reads no relations from a body that is not JSON", () => {
    expect(relationsOf(`<a href="${o}/x">`).size).toBe(0);
  });
});
