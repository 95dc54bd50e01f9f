import { beforeAll, describe, expect, inject, it } from "vitest";

/**
 * Bitbucket's partial responses (`fields=`; core/partial.ts, decision 0034) with the field strings
 * Apache DevLake's Bitbucket collectors send (backend/plugins/bitbucket/tasks/*_collector.go), checked
 * against the whole answers of the same pin: what is kept, in the whole answer's key order, and what is
 * read from the object a summary stands for (a deployment's environment name, a pull request's
 * participants, a merge commit's date).
 */
const baseUrl = inject("baseUrl");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const pins = ["bb-v2", "bb-v2-g5"].filter((p) => !only || only.includes(p));

const DEPLOYMENTS =
  "values.type,values.uuid,values.environment.name,values.environment.environment_type.name,values.step.uuid," +
  "values.release.pipeline,values.release.key,values.release.name,values.release.url,values.release.created_on," +
  "values.release.commit.hash,values.release.commit.links.html," +
  "values.state.name,values.state.url,values.state.started_on,values.state.completed_on,values.last_update_time," +
  "page,pagelen,size";
const PULLS =
  "values.id,values.comment_count,values.type,values.state,values.title,values.description," +
  "values.closed_by.display_name,values.closed_by.account_id," +
  "values.merge_commit.hash,values.merge_commit.date,values.links.html,values.author,values.created_on,values.updated_on," +
  "values.destination.branch.name,values.destination.commit.hash,values.destination.repository.full_name," +
  "values.source.branch.name,values.source.commit.hash,values.source.repository.full_name," +
  "values.participants.user.account_id,values.participants.user.display_name," +
  "values.participants.role,values.participants.state,values.participants.approved,values.participants.participated_on," +
  "page,pagelen,size";
const PIPELINES =
  "values.uuid,values.type,values.state.name,values.state.result.name,values.state.result.type,values.state.stage.name,values.state.stage.type," +
  "values.target.ref_name,values.target.commit.hash," +
  "values.created_on,values.completed_on,values.duration_in_seconds,values.build_number,values.links.self," +
  "page,pagelen,size";
const PR_COMMENTS =
  "values.id,values.type,values.created_on,values.updated_on,values.content.raw,values.pullrequest.id,values.user,page,pagelen,size";

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Obj = { [k: string]: Json };

async function get(url: string): Promise<{ status: number; text: string; etag: string | null }> {
  const res = await fetch(url);
  return { status: res.status, text: await res.text(), etag: res.headers.get("etag") };
}

async function json(url: string): Promise<Obj> {
  const { status, text } = await get(url);
  expect(status, `${url}: ${text.slice(0, 200)}`).toBe(200);
  return JSON.parse(text) as Obj;
}

/** A dotted path into a body; a number names an array's item. */
const at = (o: Json | undefined, path: string): Json | undefined =>
  path.split(".").reduce<Json | undefined>((v, k) => {
    if (Array.isArray(v)) return v[Number(k)];
    return v && typeof v === "object" ? v[k] : undefined;
  }, o);

/** `value` reduced to the dotted paths, as a reference by hand: arrays pass through, key order kept. */
function only_(value: Json, paths: string[][]): Json {
  if (Array.isArray(value)) return value.map((v) => only_(v, paths));
  if (value === null || typeof value !== "object") return value;
  const out: Obj = {};
  for (const [k, v] of Object.entries(value)) {
    const below = paths.filter((p) => p[0] === k);
    if (below.length === 0) continue;
    out[k] = below.some((p) => p.length === 1)
      ? v
      : only_(
          v,
          below.map((p) => p.slice(1)),
        );
  }
  return out;
}
const reduce = (value: Json, fields: string) =>
  only_(
    value,
    fields.split(",").map((f) => f.split(".")),
  );

describe.each(pins)("Bitbucket fields= on %s", (pin) => {
  const api = `${baseUrl}/${pin}/2.0`;
  let repo = "";

  beforeAll(async () => {
    const ws = at((await json(`${api}/workspaces`)).values as Json, "0.slug") as string;
    const repos = (await json(`${api}/repositories/${ws}?pagelen=100`)).values as Obj[];
    let most = -1;
    for (const r of repos) {
      const size = (await json(`${api}/repositories/${r.full_name as string}/pullrequests?state=all`)).size as number;
      if (size > most) [most, repo] = [size, r.full_name as string];
    }
  });

  it("deployments: DevLake's fields, with each environment's name read from the environment", async () => {
    const envs = (await json(`${api}/repositories/${repo}/environments`)).values as Obj[];
    const names = new Map(envs.map((e) => [e.uuid as string, e.name as string]));
    const whole = await json(`${api}/repositories/${repo}/deployments/?state=all&page=1&pagelen=20`);
    const cut = await json(
      `${api}/repositories/${repo}/deployments/?state=all&page=1&pagelen=20&fields=${encodeURIComponent(DEPLOYMENTS)}`,
    );
    const values = cut.values as Obj[];
    expect(values.length).toBe((whole.values as Json[]).length);
    expect(values.length).toBeGreaterThan(0);
    expect(Object.keys(cut)).toEqual(Object.keys(whole).filter((k) => ["page", "pagelen", "size", "values"].includes(k)));
    values.forEach((v, i) => {
      const env = at((whole.values as Json[])[i], "environment.uuid") as string;
      expect(at(v, "environment.name")).toBe(names.get(env));
      expect(names.get(env)).toBeTruthy();
      // Everything else is the whole item's, cut to the named paths.
      const rest = { ...v, environment: undefined };
      const expected = reduce((whole.values as Json[])[i]!, DEPLOYMENTS.replace(/values\./g, "")) as Obj;
      expect(JSON.stringify(rest)).toBe(JSON.stringify({ ...expected, environment: undefined }));
    });
  });

  it("pull requests: DevLake's fields, with participants and merge commit dates from the pull request and commit", async () => {
    const url = `${api}/repositories/${repo}/pullrequests?state=all&page=1&pagelen=50&sort=created_on`;
    const whole = await json(url);
    const cut = await json(`${url}&fields=${encodeURIComponent(PULLS)}`);
    const values = cut.values as Obj[];
    expect(values.length).toBe((whole.values as Json[]).length);
    let merged = 0;
    for (const [i, v] of values.entries()) {
      const item = (whole.values as Obj[])[i]!;
      const single = await json(`${api}/repositories/${repo}/pullrequests/${item.id as number}`);
      expect(JSON.stringify(v.participants)).toBe(
        JSON.stringify(reduce(single.participants!, "user.account_id,user.display_name,role,state,approved,participated_on")),
      );
      const hash = at(item, "merge_commit.hash");
      if (typeof hash === "string") {
        merged++;
        const commit = await json(`${api}/repositories/${repo}/commit/${hash}`);
        expect(at(v, "merge_commit.date")).toBe(commit.date);
        expect(Object.keys(v.merge_commit as Obj)).toEqual(["hash", "date"]);
      }
      expect(v.id).toBe(item.id);
      expect(JSON.stringify(v.author)).toBe(JSON.stringify(item.author));
    }
    expect(merged).toBeGreaterThan(0);
    expect(values.some((v) => (v.participants as Json[]).length > 0)).toBe(true);
  });

  it("pipelines and pull request comments: DevLake's fields, cut from the whole pages", async () => {
    const pipelines = `${api}/repositories/${repo}/pipelines/?state=all&page=1&pagelen=10`;
    const prs = (await json(`${api}/repositories/${repo}/pullrequests?state=all&pagelen=50`)).values as Obj[];
    const withComments = prs.find((p) => (p.comment_count as number) > 0)!;
    const comments = `${api}/repositories/${repo}/pullrequests/${withComments.id as number}/comments?state=all&page=1&pagelen=10`;
    for (const [url, fields] of [
      [pipelines, PIPELINES],
      [comments, PR_COMMENTS],
    ] as const) {
      const whole = await json(url);
      const cut = await get(`${url}&fields=${encodeURIComponent(fields)}`);
      expect(cut.status).toBe(200);
      expect((whole.values as Json[]).length).toBeGreaterThan(0);
      expect(cut.text).toBe(JSON.stringify(reduce(whole, fields)));
      expect(cut.etag).not.toBeNull();
    }
  });

  it("'-' removes, '+' keeps the rest, page links carry the parameter on", async () => {
    const url = `${api}/repositories/${repo}/pullrequests?state=all&pagelen=2`;
    const whole = await json(url);
    const noLinks = (await json(`${url}&fields=-values.links,-values.author.links`)) as { values: Obj[]; next?: string };
    for (const [i, v] of noLinks.values.entries()) {
      const w = structuredClone((whole.values as Obj[])[i]!);
      delete w.links;
      delete (w.author as Obj).links;
      expect(JSON.stringify(v)).toBe(JSON.stringify(w));
    }
    expect(noLinks.next).toBe(`${whole.next as string}&fields=${encodeURIComponent("-values.links,-values.author.links")}`);
    const second = (await json(noLinks.next!)) as { values: Obj[] };
    expect(second.values.every((v) => !("links" in v))).toBe(true);
    const single = await get(`${api}/repositories/${repo}/pullrequests/${at(whole, "values.0.id") as number}?fields=-links`);
    const full = await json(`${api}/repositories/${repo}/pullrequests/${at(whole, "values.0.id") as number}`);
    delete full.links;
    expect(single.text).toBe(JSON.stringify(full));
    // An error is answered whole.
    const missing = await get(`${api}/repositories/${repo}/pullrequests/999999?fields=-type`);
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('"type":"error"');
  });
});
