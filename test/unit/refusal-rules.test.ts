import { describe, expect, it } from "vitest";
import { refusalRules, refusedLines } from "../../generator/core/param-classes.js";

/**
 * core/param-classes.ts turns a provider's refused table into the serving profile's refusal rules and
 * into the class lines the classification test reads: the two must say the same about every entry.
 */
describe("refusal rules from a refused table", () => {
  const refused = {
    "/a/{id}/b expand": { why: "bodies are whole only" },
    "/a/{id}/c detailed": { allow: "^(?!0$)", why: "detail only" },
    viewId: { why: "no saved view" },
  };
  const pathOf = (t: string) => `^${t.slice(1).replace(/\{[^}]+\}/g, "[^/]+")}$`;
  const error = { status: 400, body: { detail: "{message}" } };

  it("makes one rule per entry: the parameter, the template's path (none for a bare name), the allowed values and the error", () => {
    const rules = refusalRules(refused, { pathOf, message: "Invalid {param} ({why}).", error });
    expect(JSON.stringify(rules)).toBe(
      JSON.stringify([
        { param: "expand", path: "^a/[^/]+/b$", error, message: "Invalid {param} (bodies are whole only)." },
        { param: "detailed", path: "^a/[^/]+/c$", allow: "^(?!0$)", error, message: "Invalid {param} (detail only)." },
        { param: "viewId", error, message: "Invalid {param} (no saved view)." },
      ]),
    );
  });

  it("leaves the error out when the provider's bad request answers", () => {
    expect(refusalRules({ x: { why: "w" } }, { pathOf, message: "{why}" })).toStrictEqual([{ param: "x", message: "w" }]);
  });

  it("writes each entry's class line with its status and allowed values", () => {
    expect(refusedLines(refused, 422)).toStrictEqual({
      "/a/{id}/b expand": "422 naming it: bodies are whole only",
      "/a/{id}/c detailed": "422 naming it unless ^(?!0$): detail only",
      viewId: "422 naming it: no saved view",
    });
  });
});
