import { describe, expect, inject, it } from "vitest";
import { linearParams, servedFields } from "../../../generator/providers/linear/params.js";
import { linearSchema } from "../../../generator/providers/linear/schema.js";
import { describeParameterClasses } from "../../conformance/parameter-classes.js";

/**
 * Linear is GraphQL: the "parameters" are the arguments of the fields the endpoint answers (params.ts
 * `servedFields`: root fields returning a type the pin has records of, and every field with arguments on
 * those types), read from the schema the endpoint executes (the published SDL and sdk-fields.graphql).
 * The shared check takes them as operations `Type.field`; there are no list profiles (the executor pages
 * and filters every connection itself). The behaviour half needs the pin (SNAPVERSE_TEST_PINS=linear-2026-08-g5).
 */
const PIN = "linear-2026-08-g5";
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const skip = only !== undefined && !only.includes(PIN);
const schema = linearSchema();

describeParameterClasses("linear", { ops: () => servedFields(schema), classes: linearParams, lists: [], gaps: 0 });

type Any = Record<string, any>;

async function gql(query: string): Promise<{ text: string; json: Any }> {
  const res = await fetch(`${inject("baseUrl")}/${PIN}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "lin_api_params" },
    body: JSON.stringify({ query }),
  });
  expect(res.status, query).toBe(200);
  const text = await res.text();
  return { text, json: JSON.parse(text) as Any };
}

describe.skipIf(skip)("linear arguments as served", () => {
  it("refuses comment(hash:) with Linear's INPUT_ERROR naming it", async () => {
    const { json } = await gql(`{ comment(hash: "abc") { id } }`);
    expect(json.data).toBeNull();
    expect(json.errors[0].message).toBe("Not supported by this snapshot: comment by hash");
    expect(json.errors[0].extensions).toMatchObject({ type: "invalid input", code: "INPUT_ERROR", userError: true });
    expect(json.errors[0].extensions.userPresentableMessage).toContain("comment by hash");
  });

  it("finds no issue by a Figma file key (no issue links one), not every issue", async () => {
    const { json } = await gql(`{ issueFigmaFileKeySearch(fileKey: "abc", first: 5) { nodes { id } pageInfo { hasNextPage } } }`);
    expect(JSON.stringify(json)).toBe('{"data":{"issueFigmaFileKeySearch":{"nodes":[],"pageInfo":{"hasNextPage":false}}}}');
    const issues = await gql(`{ issues(first: 5) { nodes { id } } }`);
    expect((issues.json.data.issues.nodes as Any[]).length).toBe(5);
  });

  it("answers includeArchived, includeDisabled and includeSubTeams as without them: nothing is archived, disabled or a sub-team", async () => {
    const q = (args: string) =>
      `{ issues(first: 100, orderBy: updatedAt, filter: {updatedAt: {gte: "2020-01-01"}}${args}) { nodes { id updatedAt archivedAt } }
         users(first: 100${args.replace("includeArchived", "includeDisabled")}) { nodes { id active } }
         teams(first: 5) { nodes { id parent { id } issues(first: 20${args.replace("includeArchived", "includeSubTeams")}) { nodes { id } } } } }`;
    const plain = await gql(q(""));
    expect(plain.json.errors).toBeUndefined();
    for (const value of ["true", "false"]) expect((await gql(q(`, includeArchived: ${value}`))).text, value).toBe(plain.text);
    // The evidence the classes cite, as served.
    expect((plain.json.data.issues.nodes as Any[]).every((i) => i.archivedAt === null)).toBe(true);
    expect((plain.json.data.users.nodes as Any[]).every((u) => u.active === true)).toBe(true);
    expect((plain.json.data.teams.nodes as Any[]).every((t) => t.parent === null)).toBe(true);
  });
});
