import { describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";
import { errorBody, knowledgeList, playbook, playbookList, secretList } from "./schema.js";

/**
 * The organization's resources as Devin v1's integrations read them: knowledge, playbooks and secrets.
 * The requests are those of two connectors:
 * - Pipedream's Devin app (@pipedream/devin 0.1.0, devin.app.mjs, https://app.unpkg.com/@pipedream/devin@0.1.0/files/devin.app.mjs):
 *   the `knowledgeId` and `folderId` option loaders call `listKnowledge()` (GET /v1/knowledge, no
 *   parameters) and read `knowledge[].{id,name}` and `folders[].{id,name}`; `secretIds` calls
 *   `listSecrets()` (GET /v1/secrets) and reads the bare array's `{id,key}`; the "List Knowledge" action
 *   (actions/list-knowledge/list-knowledge.mjs) reads `response.knowledge?.length`.
 * - revanthpobala/devin-cli (src/devin_cli/api/v1/): knowledge.py:4-5 `client.get("knowledge")`,
 *   playbooks.py:4-5 `client.get("playbooks")` and :13-14 `client.get(f"playbooks/{playbook_id}")`,
 *   secrets.py:3-4 `client.get("secrets")`, with the base URL `https://api.devin.ai/v1/` and a Bearer key.
 * Expected values come from the world model, not the served files.
 */
const baseUrl = inject("baseUrl");
const catalog = loadCatalog("catalog.yaml");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const PIN = "devin-v1";
const pin = catalog.pins.find((p) => p.name === PIN)!;
const world = buildWorld(catalog.generations.get(pin.generation)!, { render: loadTemplates("templates/repo") });
const org = world.company.slug;
const api = `${baseUrl}/${PIN}/v1`;
const auth = { Authorization: "Bearer apk_user_c25hcHZlcnNlLXRlc3Q" };

type Any = Record<string, any>;

async function get(path: string, headers: Record<string, string> = auth): Promise<{ status: number; type: string; text: string }> {
  const res = await fetch(`${api}/${path}`, { headers });
  return { status: res.status, type: res.headers.get("content-type") ?? "", text: await res.text() };
}

async function getJson(path: string): Promise<Any> {
  const res = await get(path);
  expect(res.status, path).toBe(200);
  expect(res.type).toContain("application/json");
  return JSON.parse(res.text) as Any;
}

const sorted = (xs: string[]) => [...xs].sort();

describe.skipIf(only !== undefined && !only.includes(PIN))(`Devin v1 organization resources against ${PIN}`, () => {
  it("GET /v1/knowledge: Pipedream's knowledgeId/folderId loaders and devin-cli's list_knowledge", async () => {
    const body = await getJson("knowledge");
    expect(knowledgeList.safeParse(body).error?.issues ?? []).toStrictEqual([]);
    expect(Object.keys(body)).toStrictEqual(["knowledge", "folders"]);
    // folders[].{id,name}: one folder per team.
    expect(sorted(body.folders.map((f: Any) => f.name))).toStrictEqual(sorted(world.teams.map((t) => t.name)));
    // knowledge[].{id,name}: one entry per repository (pinned to it) and one per team, each in its team's folder.
    const names = body.knowledge.map((k: Any) => k.name as string);
    expect(sorted(names)).toStrictEqual(
      sorted([...world.repos.map((r) => `${r.name} overview`), ...world.teams.map((t) => `How the ${t.name} team works`)]),
    );
    expect(new Set(body.knowledge.map((k: Any) => k.id)).size).toBe(names.length);
    const folderOf = new Map(body.folders.map((f: Any) => [f.name as string, f.id as string]));
    for (const r of world.repos) {
      const k = body.knowledge.find((x: Any) => x.name === `${r.name} overview`)!;
      const team = world.teams.find((t) => t.id === r.teamId)!;
      expect(`${k.pinned_repo} ${k.parent_folder_id} ${k.created_by.full_name}`).toBe(
        `${org}/${r.name} ${folderOf.get(team.name)} ${world.people[team.leadId - 1]!.name}`,
      );
      expect(k.body).toContain(r.description);
    }
    // The whole list in one body: Devin documents no parameter, so any the client sends changes nothing.
    expect((await get("knowledge?limit=1&offset=3")).text).toBe(JSON.stringify(body));
  });

  it("GET /v1/playbooks and /v1/playbooks/{id}: devin-cli's list_playbooks and get_playbook", async () => {
    const list = (await getJson("playbooks")) as unknown as Any[];
    expect(playbookList.safeParse(list).error?.issues ?? []).toStrictEqual([]);
    expect(Array.isArray(list)).toBe(true);
    // A playbook for every kind of investigation the world's sessions run, and one for implementing work items.
    const investigations = world.ai.devin.filter((s) => s.tags.includes("investigation"));
    expect(investigations.length).toBeGreaterThan(0);
    for (const s of investigations)
      expect(
        list.some((p: Any) => s.title.startsWith(`${p.title} `)),
        s.title,
      ).toBe(true);
    expect(list.map((p: Any) => p.title)).toContain("Implement a work item");
    expect(list.every((p: Any) => p.access_type === "team" && p.status === "published")).toBe(true);
    const authors = new Set(world.people.map((p) => p.name));
    expect(list.every((p: Any) => authors.has(p.created_by_user_name))).toBe(true);
    for (const p of list) {
      const one = await get(`playbooks/${p.playbook_id}`);
      expect(one.status).toBe(200);
      expect(playbook.safeParse(JSON.parse(one.text)).success).toBe(true);
      // The detail is the list's object, byte for byte.
      expect(one.text).toBe(JSON.stringify(p));
    }
    const missing = await get("playbooks/playbook-00000000000000000000000000000000");
    expect(`${missing.status} ${missing.text}`).toBe('404 {"detail":"Not Found"}');
    expect(errorBody.safeParse(JSON.parse(missing.text)).success).toBe(true);
  });

  it("GET /v1/secrets: Pipedream's secretIds loader and devin-cli's list_secrets read metadata, never values", async () => {
    const res = await get("secrets");
    expect(res.status).toBe(200);
    const list = JSON.parse(res.text) as Any[];
    expect(secretList.safeParse(list).error?.issues ?? []).toStrictEqual([]);
    // {id, key} as Pipedream reads them: a deploy key and a staging database URL per repository.
    const keys = world.repos.flatMap((r) => {
      const n = r.name.toUpperCase().replace(/[^A-Z0-9]+/g, "_");
      return [`${n}_DEPLOY_KEY`, `${n}_STAGING_DATABASE_URL`];
    });
    expect(sorted(list.map((s) => s.key))).toStrictEqual(sorted(keys));
    expect(new Set(list.map((s) => s.id)).size).toBe(keys.length);
    expect(list.every((s) => Object.keys(s).join(",") === "id,type,created_at,key")).toBe(true);
    expect(res.text).not.toContain('"value"');
    // Oldest first; the Ruby gem's limit/offset are not in Devin's OpenAPI: ignored, the same bytes.
    const created = list.map((s) => Date.parse(s.created_at));
    expect(created.every((t, i) => i === 0 || created[i - 1]! <= t)).toBe(true);
    expect((await get("secrets?limit=5&offset=5")).text).toBe(res.text);
  });

  it("answers these reads without a Bearer key with FastAPI's 401, and their writes with the read-only 405", async () => {
    for (const path of ["knowledge", "playbooks", "secrets"]) {
      const res = await get(path, {});
      expect(`${res.status} ${res.text}`).toBe('401 {"detail":"Not authenticated"}');
    }
    const books = (await getJson("playbooks")) as unknown as Any[];
    const writes: Array<[string, string]> = [
      ["DELETE", "secrets/sec_0"],
      ["POST", "knowledge"],
      ["PUT", "knowledge/note-0"],
      ["DELETE", "knowledge/note-0"],
      ["POST", "playbooks"],
      ["PUT", `playbooks/${books[0]!.playbook_id}`],
      ["DELETE", `playbooks/${books[0]!.playbook_id}`],
    ];
    for (const [method, path] of writes) {
      const res = await fetch(`${api}/${path}`, {
        method,
        headers: { ...auth, "content-type": "application/json" },
        ...(method === "DELETE" ? {} : { body: '{"title":"x","body":"y"}' }),
      });
      expect(`${method} ${path} ${res.status} ${await res.text()}`).toBe(
        `${method} ${path} 405 {"detail":"Method Not Allowed: this snapshot of the Devin API is read-only"}`,
      );
    }
    // POST /v1/secrets is computed: Devin's `{id}`, the same for the same body, nothing stored, no value echoed.
    const secretsBefore = (await get("secrets")).text;
    const create = (body: string, headers: Record<string, string> = auth) =>
      fetch(`${api}/secrets`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body }).then(
        async (r) => `${r.status} ${await r.text()}`,
      );
    const made = await create('{"type":"key-value","key":"NEW_TOKEN","value":"s3cr3t-value","sensitive":true,"note":"ci"}');
    expect(made).toMatch(/^200 \{"id":"sec_[0-9a-f]{32}"\}$/);
    expect(await create('{"note":"ci","sensitive":true,"value":"s3cr3t-value","key":"NEW_TOKEN","type":"key-value"}')).toBe(made);
    expect(await create('{"type":"key-value","key":"OTHER","value":"v"}')).not.toBe(made);
    expect(made).not.toContain("s3cr3t");
    expect(await create('{"type":"key-value","key":"K","value":"v"}', {})).toBe('401 {"detail":"Not authenticated"}');
    const bad = await create('{"type":"password","key":"K"}');
    expect(bad.slice(0, 4)).toBe("422 ");
    expect(JSON.parse(bad.slice(4)).detail.map((e: Any) => `${e.type} ${e.loc.join(".")}`)).toStrictEqual([
      "enum body.type",
      "missing body.value",
    ]);
    expect((await get("secrets")).text).toBe(secretsBefore);
    // Reads are unchanged after the writes.
    expect(JSON.stringify(await getJson("playbooks"))).toBe(JSON.stringify(books));
  });
});
