import { describe, expect, inject, it } from "vitest";

/**
 * Jira's parameters that add to or cut an answer (issue 37): `expand` on the project lists (Airbyte
 * sends `expand=description,lead` to `project/search`; decision 0034), `fields` on the Agile issue lists
 * (Airbyte: `fields=key,created,updated`), and `redirect` on attachment content (303 by default). Each
 * answer is compared with another answer of the same pin, byte for byte where key order matters.
 */
const baseUrl = inject("baseUrl");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const pins = ["jira-v3", "jira-v3-g5"].filter((p) => !only || only.includes(p));

type Obj = Record<string, unknown>;

describe.each(pins)("Jira expand, fields and redirect on %s", (pin) => {
  const get = async (path: string, init?: RequestInit) => fetch(`${baseUrl}/${pin}/rest/${path}`, init);
  const json = async <T = Obj>(path: string): Promise<T> => {
    const res = await get(path);
    const text = await res.text();
    expect(res.status, `${path}: ${text.slice(0, 200)}`).toBe(200);
    return JSON.parse(text) as T;
  };

  it("lists projects as Jira does: description, lead and issue types only when expanded, in the project's own order", async () => {
    for (const api of ["api/2", "api/3"]) {
      const plain = await json<Obj[]>(`${api}/project`);
      expect(plain.length).toBeGreaterThan(0);
      for (const p of plain)
        for (const k of ["description", "lead", "issueTypes", "components", "versions", "roles"]) expect(p).not.toHaveProperty(k);
      const expanded = await json<Obj[]>(`${api}/project?expand=description,lead`);
      for (const [i, p] of expanded.entries()) {
        const full = await json(`api/3/project/${plain[i]!.key as string}`);
        // The listed project with the full project's description and lead, in the full project's key order.
        const expected = Object.fromEntries(
          Object.keys(full)
            .filter((k) => k in plain[i]! || k === "description" || k === "lead")
            .map((k) => [k, k in plain[i]! ? plain[i]![k] : full[k]]),
        );
        expect(JSON.stringify(p)).toBe(JSON.stringify(expected));
      }
    }
  });

  it("adds description and lead to project/search results when expanded (Airbyte's request)", async () => {
    const plain = await json<{ values: Obj[] }>("api/3/project/search?maxResults=50");
    const expanded = await json<{ values: Obj[] }>("api/3/project/search?maxResults=50&expand=description,lead");
    expect(expanded.values.length).toBe(plain.values.length);
    for (const [i, p] of expanded.values.entries()) {
      const full = await json(`api/3/project/${plain.values[i]!.key as string}`);
      expect(JSON.stringify(p.lead)).toBe(JSON.stringify(full.lead));
      expect(p.description).toBe(full.description);
      expect(p).not.toHaveProperty("issueTypes");
      const { description: _d, lead: _l, ...rest } = p;
      expect(JSON.stringify(rest)).toBe(JSON.stringify(plain.values[i]));
    }
    // A value outside what is rendered is refused with Jira's 400, naming the parameter.
    const refused = await get("api/3/project/search?expand=permissions");
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("expand");
  });

  it("cuts Agile issue lists to the fields asked for (Airbyte's fields=key,created,updated), repeated or comma-separated", async () => {
    const boards = await json<{ values: Array<{ id: number }> }>("agile/1.0/board");
    const board = boards.values[0]!.id;
    for (const list of [`board/${board}/issue`, `board/${board}/backlog`]) {
      const whole = await json<{ issues: Array<Obj & { fields: Obj }> }>(`agile/1.0/${list}?maxResults=20`);
      if (whole.issues.length === 0) continue;
      for (const query of ["fields=key,created,updated", "fields=key&fields=created&fields=updated"]) {
        const cut = await json<{ issues: Array<Obj & { fields: Obj }> }>(`agile/1.0/${list}?maxResults=20&${query}`);
        expect(cut.issues.length).toBe(whole.issues.length);
        for (const [i, issue] of cut.issues.entries()) {
          const w = whole.issues[i]!;
          const fields = Object.fromEntries(Object.entries(w.fields).filter(([k]) => k === "created" || k === "updated"));
          expect(Object.keys(fields)).toEqual(
            ["created", "updated"]
              .filter((k) => k in w.fields)
              .sort((a, b) => Object.keys(w.fields).indexOf(a) - Object.keys(w.fields).indexOf(b)),
          );
          expect(JSON.stringify(issue)).toBe(JSON.stringify({ ...w, fields }));
        }
      }
      const without = await json<{ issues: Array<{ fields: Obj }> }>(`agile/1.0/${list}?maxResults=20&fields=*all,-description`);
      expect(without.issues.every((x) => !("description" in x.fields))).toBe(true);
      expect(Object.keys(without.issues[0]!.fields).length).toBe(
        Object.keys(whole.issues[0]!.fields).filter((k) => k !== "description").length,
      );
    }
  });

  it.runIf(pin === "jira-v3-g5")(
    "redirects attachment content with a 303 by default and answers the bytes with redirect=false",
    async () => {
      const found = await json<{ issues: Array<{ fields: { attachment: Array<{ id: string; size: number }> } }> }>(
        `api/3/search/jql?jql=${encodeURIComponent(`project = ${(await json<Array<{ key: string }>>("api/3/project"))[0]!.key}`)}&fields=attachment&maxResults=100`,
      );
      const meta = found.issues.flatMap((i) => i.fields.attachment)[0]!;
      expect(meta).toBeDefined();
      const redirected = await get(`api/3/attachment/content/${meta.id}`, { redirect: "manual" });
      expect(redirected.status).toBe(303);
      const location = redirected.headers.get("location")!;
      expect(location).toBe(`${baseUrl}/${pin}/rest/api/3/attachment/content/${meta.id}?redirect=false`);
      for (const url of [location, `${baseUrl}/${pin}/rest/api/3/attachment/content/${meta.id}?redirect=true`]) {
        const res = await fetch(url, { redirect: "follow" });
        expect(res.status).toBe(200);
        expect((await res.arrayBuffer()).byteLength).toBe(meta.size);
      }
    },
  );
});
