import { describe, expect, it } from "vitest";
import { activeFilters } from "../../generator/core/lists/filters.js";
import type { FilterSpec } from "../../generator/core/lists/profile.js";
import type { JsonValue } from "../../generator/core/provider.js";
import { readBooleans } from "../../generator/core/query.js";
import { GRAPE_BOOLEANS } from "../../generator/providers/gl/queries.js";

/** Issue 37: presence words (`none`, `*`, `Any`) and a provider's boolean spellings, in core. */
const items: JsonValue[] = [
  { id: 1, labels: ["bug", "tech-debt"], milestone: { title: "v1" }, assignees: [{ login: "ann" }] },
  { id: 2, labels: ["bug"], milestone: null, assignees: [] },
  { id: 3, labels: [], milestone: { title: "v2" }, assignees: [{ login: "bo" }] },
];

function ids(spec: FilterSpec, ...values: string[]): string {
  const made = activeFilters([spec], (p) => (p === spec.param ? values : []));
  if (!Array.isArray(made)) return `problem: ${made.message}`;
  return items
    .filter((i) => made.every((f) => f.test(i)))
    .map((i) => String((i as { id: number }).id))
    .join(",");
}

describe("presence values", () => {
  const labels: FilterSpec = {
    param: "labels",
    field: "labels[]",
    op: "eq",
    type: "string",
    split: ",",
    matchAll: true,
    presence: { None: false, Any: true },
  };
  const milestone: FilterSpec = {
    param: "milestone",
    field: "milestone.title",
    op: "eq",
    type: "string",
    presence: { None: false, Any: true },
  };
  const assignee: FilterSpec = {
    param: "assignee",
    field: "assignees[].login",
    op: "eq",
    type: "string",
    presence: { "*": true, none: false },
  };

  it("reads None and Any in any case, and a comma list as all of its labels", () => {
    expect([ids(labels, "None"), ids(labels, "any"), ids(labels, "bug,tech-debt"), ids(labels, "bug")].join(" ")).toBe("3 1,2 1 1,2");
    expect([ids(milestone, "NONE"), ids(milestone, "Any"), ids(milestone, "v2")].join(" ")).toBe("2 1,3 3");
  });

  it("reads GitHub's * and none, and other values as before", () => {
    expect([ids(assignee, "*"), ids(assignee, "none"), ids(assignee, "bo")].join(" ")).toBe("1,3 2 3");
  });

  it("refuses a parameter whose accepted values are none", () => {
    expect(ids({ param: "mentioned", field: "x", op: "eq", type: "string", accepted: [] }, "ann")).toBe(
      "problem: mentioned does not have a valid value",
    );
  });
});

describe("boolean spellings", () => {
  const rules = { keep: [], defaults: [], anyValue: [], clamp: [], booleans: GRAPE_BOOLEANS };
  it("reads GitLab's spellings of true and false for listed parameters only", () => {
    const read = readBooleans(
      [
        ["recursive", "False"],
        ["statistics", "True"],
        ["archived", "1"],
        ["with_stats", "no"],
        ["page", "1"],
        ["recursive", "maybe"],
      ],
      rules,
    );
    expect(read.map(([k, v]) => `${k}=${v}`).join("&")).toBe(
      "recursive=false&statistics=true&archived=true&with_stats=false&page=1&recursive=maybe",
    );
  });
});
