import { describe, expect, inject, it } from "vitest";

/**
 * Agile lists answer the requests sync connectors send (research: DevLake's board issue collector,
 * Airbyte's board and sprint issue streams): `jql` with `updated >=` and `ORDER BY`, walked to the end
 * by `startAt`/`maxResults`; sprint lists by `state`; parameters Jira ignores leave the bytes alone.
 * Expected answers come from the unfiltered frozen list, walked through the same paging.
 */
const baseUrl = inject("baseUrl");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const TIMEOUT = 120_000;

type Any = Record<string, any>;
type Pairs = Array<[string, string]>;

/** Jira writes `2026-04-02T18:14:00.000-0500`; Date.parse wants the colon in the offset. */
const instant = (jira: string) => Date.parse(jira.replace(/([+-]\d{2})(\d{2})$/, "$1:$2"));
const pad = (n: number) => String(n).padStart(2, "0");
/**
 * The viewer's offset, read off a Jira timestamp (`…-0500`): Jira reads a JQL date without an offset in
 * the caller's time zone, and DevLake and tap-jira write their bounds in it.
 */
let viewerOffsetMinutes = 0;
const offsetOf = (jira: string) => {
  const m = /([+-])(\d{2})(\d{2})$/.exec(jira);
  return m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
};
/** `yyyy/MM/dd HH:mm` (DevLake) or `yyyy-MM-dd HH:mm` (tap-jira), in the viewer's time zone. */
function jqlDate(ms: number, sep: "/" | "-"): string {
  const d = new Date(ms + viewerOffsetMinutes * 60_000);
  return (
    `${d.getUTCFullYear()}${sep}${pad(d.getUTCMonth() + 1)}${sep}${pad(d.getUTCDate())}` +
    ` ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`
  );
}

describe.each(["jira-v3", "jira-v3-g5"].filter((p) => !only || only.includes(p)))("Agile list queries on %s", (pin) => {
  const url = (path: string, params: Pairs = []) =>
    `${baseUrl}/${pin}/${path}${params.length ? `?${new URLSearchParams(params).toString()}` : ""}`;
  const text = async (path: string, params: Pairs = []) => {
    const res = await fetch(url(path, params));
    return { status: res.status, body: await res.text() };
  };
  const json = async (path: string, params: Pairs = []) => {
    const res = await text(path, params);
    expect(res.status, `${path} ${JSON.stringify(params)}: ${res.body.slice(0, 200)}`).toBe(200);
    return JSON.parse(res.body) as Any;
  };
  /** DevLake's walk: pages of `size` by `startAt`, as many as `total` says. */
  const walk = async (path: string, params: Pairs, size: number) => {
    const issues: Any[] = [];
    for (let startAt = 0; ;) {
      const page = await json(path, [...params, ["startAt", String(startAt)], ["maxResults", String(size)]]);
      expect(page.startAt).toBe(startAt);
      issues.push(...page.issues);
      startAt += page.maxResults;
      if (startAt >= page.total) {
        expect(issues.length).toBe(page.total);
        return issues;
      }
    }
  };
  const keys = (issues: Any[]) => issues.map((i) => i.key).join(" ");
  const board = "rest/agile/1.0/board/1/issue";
  /** A bound in the middle of the board's `updated` times, on a minute (DevLake's precision). */
  const midBound = (issues: Any[]) => {
    viewerOffsetMinutes = offsetOf(String(issues[0]!.fields.updated));
    const times = issues.map((i) => instant(i.fields.updated)).sort((a, b) => a - b);
    return Math.floor(times[Math.floor(times.length / 2)]! / 60_000) * 60_000;
  };

  it(
    "DevLake: a full sync, then an incremental one from a mid-point bound, with changelogs",
    async () => {
      const frozen = await walk(board, [], 100);
      expect(frozen.length).toBeGreaterThan(10);
      const full = await walk(
        board,
        [
          ["jql", "ORDER BY created ASC"],
          ["expand", "changelog"],
        ],
        100,
      );
      const byCreated = [...frozen].sort((a, b) => instant(a.fields.created) - instant(b.fields.created));
      expect(keys(full)).toBe(keys(byCreated));
      for (const issue of full) {
        expect(issue.changelog.total, issue.key).toBe(issue.changelog.histories.length);
        expect(issue.changelog.total, issue.key).toBeGreaterThan(0);
      }
      const bound = midBound(frozen);
      const since = await walk(
        board,
        [
          ["jql", `updated >= '${jqlDate(bound, "/")}' ORDER BY created ASC`],
          ["expand", "changelog"],
        ],
        100,
      );
      const want = byCreated.filter((i) => instant(i.fields.updated) >= bound);
      expect(want.length).toBeGreaterThan(0);
      expect(want.length).toBeLessThan(frozen.length);
      expect(keys(since)).toBe(keys(want));
      expect(since.every((i) => i.changelog)).toBe(true);
      // A smaller page size walks to the same answer: pages are cut from the same evaluation.
      expect(
        keys(
          await walk(
            board,
            [
              ["jql", `updated >= '${jqlDate(bound, "/")}' ORDER BY created ASC`],
              ["expand", "changelog"],
            ],
            7,
          ),
        ),
      ).toBe(keys(want));
    },
    TIMEOUT,
  );

  it(
    "Airbyte: board and sprint issues by `updated >=`, 50 a page, with repeated `fields`",
    async () => {
      const frozen = await walk(board, [], 100);
      const bound = midBound(frozen);
      const fields: Pairs = [
        ["fields", "key"],
        ["fields", "created"],
        ["fields", "updated"],
      ];
      const got = await walk(board, [...fields, ["jql", `updated >= '${jqlDate(bound, "/")}'`]], 50);
      // Without ORDER BY the board's rank order stands.
      expect(keys(got)).toBe(keys(frozen.filter((i) => instant(i.fields.updated) >= bound)));
      const sprints = (await json("rest/agile/1.0/board/1/sprint", [["state", "closed"]])).values as Any[];
      const sprint = `rest/agile/1.0/sprint/${sprints.at(-1)!.id}/issue`;
      const inSprint = await walk(sprint, [], 50);
      expect(inSprint.length).toBeGreaterThan(0);
      const sprintBound = midBound(inSprint);
      const sprintSince = await walk(sprint, [...fields, ["fields", "status"], ["jql", `updated >= '${jqlDate(sprintBound, "/")}'`]], 50);
      expect(keys(sprintSince)).toBe(keys(inSprint.filter((i) => instant(i.fields.updated) >= sprintBound)));
    },
    TIMEOUT,
  );

  // Airbyte's current manifest sends `updated >= 1704067200000` (bare epoch ms): the core's time parser
  // does not read it yet, so it gets Jira's 400 here (see the README).
  it("Airbyte: `updated >= <epoch ms>`, a bare epoch-milliseconds bound", async () => {
    const frozen = await walk(board, [], 100);
    const bound = midBound(frozen);
    const got = await walk(
      board,
      [
        ["fields", "key"],
        ["jql", `updated >= ${bound}`],
      ],
      50,
    );
    expect(keys(got)).toBe(keys(frozen.filter((i) => instant(i.fields.updated) >= bound)));
    expect(got.length).toBeGreaterThan(0);
  });

  it(
    "tap-jira style: lower-case `order by updated asc` and `yyyy-MM-dd HH:mm`",
    async () => {
      const frozen = await walk(board, [], 100);
      const bound = midBound(frozen);
      const got = await walk(board, [["jql", `updated >= '${jqlDate(bound, "-")}' order by updated asc`]], 50);
      const want = frozen
        .filter((i) => instant(i.fields.updated) >= bound)
        .sort((a, b) => instant(a.fields.updated) - instant(b.fields.updated));
      expect(keys(got)).toBe(keys(want));
    },
    TIMEOUT,
  );

  it(
    "sorts: ORDER BY updated ASC and DESC differ and follow the field",
    async () => {
      const asc = await walk(board, [["jql", "ORDER BY updated ASC"]], 100);
      const desc = await walk(board, [["jql", "ORDER BY updated DESC"]], 100);
      const times = (issues: Any[]) => issues.map((i) => instant(i.fields.updated));
      expect(keys(asc)).not.toBe(keys(desc));
      expect(times(asc)).toStrictEqual([...times(asc)].sort((a, b) => a - b));
      expect(times(desc)).toStrictEqual([...times(desc)].sort((a, b) => b - a));
      const projects = await json("rest/api/3/project/search", [["orderBy", "-key"]]);
      const names = projects.values.map((p: Any) => p.key);
      expect(names).toStrictEqual([...names].sort().reverse());
    },
    TIMEOUT,
  );

  it(
    "filters sprints by state, boards by name and projects by several keys",
    async () => {
      const all = (await json("rest/agile/1.0/board/1/sprint", [["maxResults", "100"]])).values as Any[];
      const closedActive = all
        .filter((s) => s.state !== "future")
        .map((s) => s.id)
        .join(" ");
      const walked: Any[] = [];
      for (let startAt = 0; ;) {
        const page = await json("rest/agile/1.0/board/1/sprint", [
          ["state", "closed, active"],
          ["startAt", String(startAt)],
          ["maxResults", "3"],
        ]);
        walked.push(...page.values);
        startAt += page.maxResults;
        if (page.isLast) break;
      }
      expect(walked.map((s) => s.id).join(" ")).toBe(closedActive);
      const boards = (await json("rest/agile/1.0/board")).values as Any[];
      const named = await json("rest/agile/1.0/board", [["name", boards[1]!.name.slice(0, 3).toLowerCase()]]);
      expect(named.values.map((b: Any) => b.id)).toStrictEqual(
        boards.filter((b) => b.name.toLowerCase().includes(boards[1]!.name.slice(0, 3).toLowerCase())).map((b) => b.id),
      );
      const two = [boards[0]!.location.projectKey, boards[2]!.location.projectKey];
      const projects = await json(
        "rest/api/3/project/search",
        two.map((k): [string, string] => ["keys", k]),
      );
      expect(projects.values.map((p: Any) => p.key).sort()).toStrictEqual([...two].sort());
      expect(projects.total).toBe(2);
      // A computed PageBean page keeps Jira's key order, `nextPage` second, though its template had none.
      const cut = await json("rest/api/3/project/search", [["maxResults", "2"]]);
      expect(Object.keys(cut).join(" ")).toBe("self nextPage maxResults startAt total isLast values");
    },
    TIMEOUT,
  );

  it(
    "pages the administration PageBeans (admin.ts) at any size, in Jira's key order",
    async () => {
      for (const path of [
        "rest/api/3/screens",
        "rest/api/3/issuetypescheme/mapping",
        "rest/api/3/screenscheme",
        "rest/api/3/workflowscheme",
      ]) {
        const whole = (await json(path, [["maxResults", "100"]])).values as Any[];
        const walked: Any[] = [];
        for (let startAt = 0; ;) {
          const page = await json(path, [
            ["startAt", String(startAt)],
            ["maxResults", "3"],
          ]);
          expect(Object.keys(page).join(" "), path).toBe(`self ${page.isLast ? "" : "nextPage "}maxResults startAt total isLast values`);
          walked.push(...page.values);
          startAt += page.maxResults;
          if (page.isLast) break;
        }
        expect(JSON.stringify(walked), path).toBe(JSON.stringify(whole));
        // A documented filter these lists do not compute (`queryString` on screens and screen schemes) is
        // refused with Jira's 400 naming it (issue 37); where Jira documents none, it selects nothing.
        const filtered = await text(path, [["queryString", "x"]]);
        if (/screens|screenscheme/.test(path)) {
          expect(filtered.status, path).toBe(400);
          expect((JSON.parse(filtered.body) as { errorMessages: string[] }).errorMessages[0], path).toContain("'queryString'");
        } else expect(filtered.body, path).toBe((await text(path)).body);
      }
    },
    TIMEOUT,
  );

  it(
    "ignores what Jira ignores: `jql` on sprints, `validateQuery` on issues, an empty `jql`",
    async () => {
      const same = async (path: string, extra: Pairs, base: Pairs = []) => {
        const plain = await text(path, base);
        expect(plain.status).toBe(200);
        expect((await text(path, [...base, ...extra])).body).toBe(plain.body);
      };
      await same("rest/agile/1.0/board/1/sprint", [["jql", "ORDER BY created ASC"]]);
      await same(
        "rest/agile/1.0/board/1/sprint",
        [
          ["jql", "ORDER BY created ASC"],
          ["maxResults", "50"],
        ],
        [["state", "active"]],
      );
      // `fields` cuts each issue's fields now (select.within, expand-fields.test.ts); `validateQuery` is still ignored.
      await same(board, [["validateQuery", "true"]]);
      await same(board, [["jql", ""]], [["startAt", "50"]]);
      // `expand` on the backlog would add changelogs, which its issues do not carry here: refused (issue 37).
      const expanded = await text("rest/agile/1.0/board/1/backlog", [["expand", "changelog"]]);
      expect(expanded.status).toBe(400);
      expect(expanded.body).toContain("The query parameter 'expand' is not answered by this snapshot");
    },
    TIMEOUT,
  );

  it(
    "answers Jira's 400 for a malformed JQL, a bad date and an unknown sprint state",
    async () => {
      for (const [path, params] of [
        [board, [["jql", "updated >= 'yesterday-ish'"]]],
        [board, [["jql", "updated >= '2026/04/01 10:00"]]],
        [board, [["jql", "project = PAY AND"]]],
        [board, [["jql", "status & Done"]]],
        [board, [["jql", "nosuchfield = 1"]]],
        ["rest/agile/1.0/sprint/1001/issue", [["jql", "ORDER BY"]]],
        ["rest/agile/1.0/board/1/sprint", [["state", "bogus"]]],
      ] as Array<[string, Pairs]>) {
        const res = await text(path, params);
        expect(res.status, `${path} ${JSON.stringify(params)}`).toBe(400);
        const body = JSON.parse(res.body) as Any;
        expect(Object.keys(body)).toStrictEqual(["errorMessages", "errors"]);
        expect(body.errorMessages).toHaveLength(1);
        expect(body.errorMessages[0].length).toBeGreaterThan(5);
        expect(body.errors).toStrictEqual({});
      }
    },
    TIMEOUT,
  );

  it(
    "is deterministic: the same computed request twice gives the same bytes",
    async () => {
      const params: Pairs = [
        ["jql", "status != Done AND updated >= '2020/01/01 00:00' ORDER BY updated DESC"],
        ["expand", "changelog"],
        ["startAt", "3"],
        ["maxResults", "17"],
      ];
      const a = await text(board, params);
      const b = await text(board, params);
      expect(a.status).toBe(200);
      expect(b.body).toBe(a.body);
      expect(JSON.parse(a.body).maxResults).toBe(17);
    },
    TIMEOUT,
  );
});
