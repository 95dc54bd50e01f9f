import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { LinearDocument } from "@linear/sdk";
import { type OperationDefinitionNode, buildSchema, findBreakingChanges, getNamedType, getOperationAST, parse, validate } from "graphql";
import { describe, expect, it } from "vitest";
import { linearSchema, publishedSchema as providerPublished } from "../../../generator/providers/linear/schema.js";
import { specsDir } from "../../support/specs.js";
import { conforms, publishedSchema } from "./schema.js";

/**
 * The schema the endpoint validates against: Linear's published SDL (linear/linear @ e3bf4e62646b, copied
 * unmodified below a source header) plus the fields @linear/sdk 98 selects that the SDL predates; the
 * SDK's own documents validate against it.
 */
describe("Linear's schema", () => {
  it("is Linear's published SDL, copied byte for byte below its 7-line source header (the git blob named in it)", () => {
    const copy = readFileSync("generator/providers/linear/schema.graphql", "utf8");
    const lines = copy.split("\n");
    expect(lines.slice(0, 7).every((l) => l.startsWith("# "))).toBe(true);
    expect(lines[1]).toContain("linear/linear, packages/sdk/src/schema.graphql @ e3bf4e62646b0e2be30f0adba1b1da956daab302");
    const body = Buffer.from(lines.slice(7).join("\n"), "utf8");
    const blob = createHash("sha1").update(`blob ${body.length}\0`).update(body).digest("hex");
    expect(lines[4]).toBe(`# Git blob of the unmodified file: ${blob}.`);
    expect(blob).toBe("eb163e4a5a1a9c81cd7ab7caf7c2720dfb18d836");
    // The team's copy (../shared/specs/linear, linear/linear @ 8335e09a17dd) is older: this one only adds to it.
    expect(findBreakingChanges(publishedSchema(), buildSchema(copy))).toStrictEqual([]);
    expect(readFileSync(join(specsDir("linear"), "schema.graphql"), "utf8").length).toBeLessThan(body.length);
  });

  it("served with @linear/sdk 98's newer fields added, and nothing of the published schema changed or removed", () => {
    const served = linearSchema();
    expect(findBreakingChanges(publishedSchema(), served)).toStrictEqual([]);
    expect(findBreakingChanges(providerPublished(), served)).toStrictEqual([]);
    expect(Object.keys(served.getQueryType()!.getFields()).sort()).toStrictEqual(
      Object.keys(publishedSchema().getQueryType()!.getFields()).sort(),
    );
    expect(served.getType("Team")!.toString()).toBe("Team");
  });

  it("validates the SDK's own query documents for everything this provider serves", () => {
    const served = new Set([
      "Issue",
      "IssueConnection",
      "Team",
      "TeamConnection",
      "User",
      "UserConnection",
      "Organization",
      "Cycle",
      "CycleConnection",
      "Project",
      "ProjectConnection",
      "WorkflowState",
      "WorkflowStateConnection",
      "IssueLabel",
      "IssueLabelConnection",
      "Comment",
      "CommentConnection",
      "IssueHistoryConnection",
      "Attachment",
      "AttachmentConnection",
      "TeamMembership",
      "TeamMembershipConnection",
      "ProjectStatus",
      "ProjectStatusConnection",
    ]);
    const schema = linearSchema();
    const checked: string[] = [];
    for (const [name, doc] of Object.entries(LinearDocument)) {
      if (!name.endsWith("Document")) continue;
      const document = parse(String(doc));
      const op = getOperationAST(document) as OperationDefinitionNode | null;
      if (op?.operation !== "query") continue;
      const root = op.selectionSet.selections[0];
      if (root?.kind !== "Field") continue;
      // The type the document ends up reading: `issue { comments }` reads a CommentConnection.
      let type = getNamedType(schema.getQueryType()!.getFields()[root.name.value]?.type);
      const nested = root.selectionSet?.selections[0];
      if (type && nested?.kind === "Field" && name.includes("_") && "getFields" in type) {
        const fields = (type as { getFields(): Record<string, { type: Parameters<typeof getNamedType>[0] }> }).getFields();
        type = getNamedType(fields[nested.name.value]?.type);
      }
      if (!type || !served.has(type.name)) continue;
      checked.push(name);
      expect(validate(schema, document).map((e) => `${name}: ${e.message}`)).toStrictEqual([]);
    }
    for (const name of [
      "IssuesDocument",
      "IssueDocument",
      "Issue_HistoryDocument",
      "Issue_CommentsDocument",
      "Issue_AttachmentsDocument",
      "TeamsDocument",
      "Team_MembersDocument",
      "Team_CyclesDocument",
      "Cycle_IssuesDocument",
      "ViewerDocument",
      "OrganizationDocument",
      "UsersDocument",
      "ProjectsDocument",
    ]) {
      expect(checked).toContain(name);
    }
    expect(checked.length).toBeGreaterThan(80);
  });

  it("checks records: unknown fields and wrong values do not conform", () => {
    expect(conforms("Issue", { id: "x", identifier: "PAY-1", team: { id: "t" }, labels: { nodes: [{ id: "l" }] } })).toBeUndefined();
    expect(conforms("Issue", { nope: 1 })).toContain("not a field");
    expect(conforms("Issue", { priority: "high" })).toContain("not a Float");
    expect(conforms("Issue", { createdAt: "2026-01-01" })).toContain("not a DateTime");
    expect(conforms("Issue", { title: null })).toContain("null for String!");
    expect(conforms("Team", { visibility: "secret" })).toContain("not a TeamVisibility");
  });
});
