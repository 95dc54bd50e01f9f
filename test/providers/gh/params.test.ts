import { describe, expect, inject, it } from "vitest";

/**
 * Issue 37 on GitHub: `assignee` and `milestone` read `*` (any) and `none`, `labels` wants every label,
 * and `mentioned`, which the items cannot answer, is refused with GitHub's 422 naming it. Expected items
 * are evaluated here over the canonical (pre-rendered) full list.
 */
const baseUrl = inject("baseUrl");

type Item = Record<string, any>;
const numbers = (items: Item[]) => items.map((i) => String(i.number)).join(",");

describe.each(["gh-2026-03", "gh-2026-03-g5"])("GitHub parameters on %s", (pin) => {
  const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
  const skip = only !== undefined && !only.includes(pin);
  const get = (url: string) => fetch(url.startsWith("http") ? url : `${baseUrl}/${pin}/${url}`);

  /** Every page through `Link: rel="next"`, as octokit follows it. */
  async function walk(url: string): Promise<Item[]> {
    const out: Item[] = [];
    for (let next: string | undefined = url; next;) {
      const res = await get(next);
      expect(res.status, next).toBe(200);
      out.push(...((await res.json()) as Item[]));
      next = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get("link") ?? "")?.[1];
    }
    return out;
  }

  it.skipIf(skip)("issues: assignee and milestone with * and none, labels all of them, creator", async () => {
    const repos = await walk("user/repos?per_page=100");
    let repo = "",
      all: Item[] = [];
    for (const r of repos) {
      const items = await walk(`repos/${r.full_name}/issues?state=all&per_page=100`);
      if (items.length > all.length) [repo, all] = [r.full_name as string, items];
    }
    const list = (q: string) => walk(`repos/${repo}/issues?state=all&per_page=100&${q}`);
    const assigned = all.filter((i) => i.assignees.length > 0);
    expect(assigned.length).toBeGreaterThan(0);
    expect(numbers(await list("assignee=*"))).toBe(numbers(assigned));
    expect(numbers(await list("assignee=none"))).toBe(numbers(all.filter((i) => i.assignees.length === 0)));
    expect(numbers(await list("milestone=*"))).toBe(numbers(all.filter((i) => i.milestone)));
    expect(numbers(await list("milestone=none"))).toBe(numbers(all.filter((i) => !i.milestone)));
    const labelled = all.find((i) => i.labels.length > 1) ?? all.find((i) => i.labels.length)!;
    const names = (labelled.labels as Item[]).map((l) => l.name as string);
    expect(numbers(await list(`labels=${encodeURIComponent(names.join(","))}`))).toBe(
      numbers(all.filter((i) => names.every((n) => i.labels.some((l: Item) => l.name === n)))),
    );
    const creator = all[0]!.user.login as string;
    expect(numbers(await list(`creator=${creator}`))).toBe(numbers(all.filter((i) => i.user.login === creator)));

    const refused = await get(`repos/${repo}/issues?mentioned=${creator}`);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as Item).errors[0].field).toBe("mentioned");
  });
});
