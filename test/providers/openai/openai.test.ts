import { createHash } from "node:crypto";
import OpenAI from "openai";
import { describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";
import type { Person } from "../../../generator/world/types.js";
import { OpenAiSpec } from "./openapi.js";

const baseUrl = inject("baseUrl");
const catalog = loadCatalog("catalog.yaml");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const pinName = "openai-2020-10";
const ghPin = "gh-2026-03-g5";
const DAY = 86_400;
/** Raw requests carry a key, as the SDK does: OpenAI answers 401 without one. */
const KEY = { authorization: "Bearer sk-test" };

type Any = Record<string, any>;

/** The snapshots the world's models resolve to, and the documented price table (USD per million tokens). */
const SNAPSHOTS: Record<string, string> = {
  "gpt-4.1": "gpt-4.1-2025-04-14",
  "gpt-4.1-mini": "gpt-4.1-mini-2025-04-14",
  "o4-mini": "o4-mini-2025-04-16",
  "text-embedding-3-small": "text-embedding-3-small",
};
const PRICES: Record<string, [input: number, cached: number, output: number]> = {
  "gpt-4.1": [2, 0.5, 8],
  "gpt-4.1-mini": [0.4, 0.1, 1.6],
  "o4-mini": [1.1, 0.275, 4.4],
  "text-embedding-3-small": [0.02, 0, 0],
};

const sec = (ms: number) => Math.floor(ms / 1000);
const sorted = (xs: string[]) => [...xs].sort();

/**
 * The official `openai` client (v6), unchanged but for `baseURL`, running what a usage-sync integration
 * and an application do: models, the organization's users, projects, their users and keys, admin keys,
 * invites and audit logs to the end of their cursor pages; usage and costs over the whole as-of window by
 * day (following `next_page`), in 31-day chunks and by hour; files and their content; chat completions
 * and responses, plain and streamed. Expected values come from the world model, not the served files.
 */
describe.skipIf(only !== undefined && !only.includes(pinName))(`openai against ${pinName}`, () => {
  const pin = catalog.pins.find((p) => p.name === pinName)!;
  const world = buildWorld(catalog.generations.get(pin.generation)!, { render: loadTemplates("templates/repo") });
  const spec = new OpenAiSpec();
  const client = new OpenAI({ apiKey: "x", adminAPIKey: "y", baseURL: `${baseUrl}/${pinName}/v1`, maxRetries: 0 });
  const admin = world.people.find((p) => p.admin)!;
  const rows = world.ai.usage.filter((u) => u.tool === "openai");
  const apiUsers = [...new Set(rows.map((r) => r.personId))].map((id) => world.people[id - 1]!);
  const orgPeople = [...new Map([admin, ...apiUsers].map((p) => [p.id, p])).values()];
  const byEmail = new Map(world.people.map((p) => [p.email, p]));
  const start = sec(world.start);
  const asOf = sec(world.asOf);

  /** What every org user id stands for, read through the client once. */
  const orgUsers = async () => {
    const out = new Map<string, Any>();
    for await (const u of client.admin.organization.users.list({ limit: 100 })) out.set(u.id, u);
    return out;
  };

  /** Usage pages from start to end, following `next_page`; every page is checked against the spec. */
  const usagePages = async (kind: "completions" | "embeddings", query: Any): Promise<Any[]> => {
    const buckets: Any[] = [];
    let page: string | undefined;
    for (let n = 0; n < 100; n++) {
      const res = (await client.admin.organization.usage[kind]({ ...query, ...(page ? { page } : {}) } as never)) as Any;
      expect(spec.validate(`v1/organization/usage/${kind}`, res)).toBeUndefined();
      buckets.push(...res.data);
      if (!res.has_more) return buckets;
      page = res.next_page;
    }
    throw new Error("usage pages never end");
  };

  it("lists the models, with the world's models and the organization's fine-tunes, and reads one", async () => {
    const ids: string[] = [];
    for await (const m of client.models.list()) ids.push(m.id);
    for (const m of Object.keys(SNAPSHOTS)) expect(ids).toContain(m);
    for (const m of Object.values(SNAPSHOTS)) expect(ids).toContain(m);
    const fineTunes = ids.filter((id) => id.startsWith("ft:"));
    expect(fineTunes.length).toBeGreaterThan(0);
    for (const id of fineTunes)
      expect(id).toMatch(
        new RegExp(`^ft:gpt-4\\.1-mini-2025-04-14:${world.company.slug}:(${world.teams.map((t) => t.slug).join("|")})-triage:\\w{8}$`),
      );
    const one = await client.models.retrieve("gpt-4.1");
    expect(`${one.id} ${one.object} ${one.owned_by}`).toBe("gpt-4.1 model system");
    expect((await client.models.retrieve(fineTunes[0]!)).id).toBe(fineTunes[0]);
    const missing = (await client.models.retrieve("gpt-0-nonexistent").catch((e: unknown) => e)) as InstanceType<
      typeof OpenAI.NotFoundError
    >;
    expect(missing).toBeInstanceOf(OpenAI.NotFoundError);
    expect(`${missing.status} ${missing.type}`).toBe("404 invalid_request_error");
    expect(missing.requestID).toMatch(/^req_[0-9a-f]{32}$/);
  });

  it("lists the organization's users to the end, twenty at a time: the admin and everyone who uses the API", async () => {
    const page = await client.admin.organization.users.list({ limit: 20 });
    expect(page.data.length).toBe(20);
    expect(page.has_more).toBe(true);
    const users: Any[] = [];
    for await (const u of client.admin.organization.users.list()) users.push(u);
    expect(sorted(users.map((u) => u.email))).toStrictEqual(sorted(orgPeople.map((p) => p.email)));
    expect(new Set(users.map((u) => u.id)).size).toBe(users.length);
    for (const u of users) {
      const p = byEmail.get(u.email)!;
      expect(`${u.name} ${u.role}`).toBe(`${p.name} ${p.id === admin.id ? "owner" : "reader"}`);
      expect(u.added_at).toBeLessThan(start + 90 * DAY);
    }
    const one = users.find((u) => u.email === admin.email)!;
    expect(JSON.stringify(await client.admin.organization.users.retrieve(one.id))).toBe(JSON.stringify(one));
    const filtered = await client.admin.organization.users.list({ emails: [apiUsers[0]!.email] });
    expect(filtered.data.map((u) => u.email)).toStrictEqual([apiUsers[0]!.email]);
  });

  it("lists projects (one per team and the Default project), each with its users and API keys to the end", async () => {
    const users = await orgUsers();
    const projects: Any[] = [];
    for await (const p of client.admin.organization.projects.list({ limit: 3 })) projects.push(p);
    expect(sorted(projects.map((p) => p.name))).toStrictEqual(sorted(["Default project", ...world.teams.map((t) => t.name)]));
    let keys = 0;
    for (const project of projects) {
      expect(JSON.stringify(await client.admin.organization.projects.retrieve(project.id))).toBe(JSON.stringify(project));
      const team = world.teams.find((t) => t.name === project.name);
      const members: Any[] = [];
      for await (const m of client.admin.organization.projects.users.list(project.id, { limit: 2 })) members.push(m);
      const expected = team ? [admin, ...apiUsers.filter((p) => p.teamId === team.id)] : [admin];
      expect(sorted(members.map((m) => m.email))).toStrictEqual(sorted([...new Set(expected.map((p) => p.email))]));
      for (const m of members) {
        const p = byEmail.get(m.email)!;
        expect(m.role).toBe(p.id === admin.id || (team && p.id === team.leadId) ? "owner" : "member");
        expect(users.get(m.id)?.email).toBe(m.email);
      }
      const member = members.at(-1)!;
      expect((await client.admin.organization.projects.users.retrieve(member.id, { project_id: project.id })).email).toBe(member.email);
      const projectKeys: Any[] = [];
      for await (const k of client.admin.organization.projects.apiKeys.list(project.id, { limit: 1 })) projectKeys.push(k);
      const holders = team ? apiUsers.filter((p) => p.teamId === team.id) : [];
      expect(sorted(projectKeys.map((k) => k.owner.user.email))).toStrictEqual(sorted(holders.map((p) => p.email)));
      for (const k of projectKeys) {
        const p = byEmail.get(k.owner.user.email)!;
        const mine = rows.filter((r) => r.personId === p.id);
        expect(k.redacted_value).toMatch(/^sk-proj-\.\.\.\w{4}$/);
        expect(k.created_at).toBeLessThan(sec(mine[0]!.day));
        // Last used on the person's last day of usage.
        expect(Math.floor(k.last_used_at / DAY) * DAY).toBe(sec(mine.at(-1)!.day));
        expect(JSON.stringify(await client.admin.organization.projects.apiKeys.retrieve(k.id, { project_id: project.id }))).toBe(
          JSON.stringify(k),
        );
      }
      const inactive = await client.admin.organization.projects.apiKeys.list(project.id, { owner_project_access: "inactive" } as never);
      expect(inactive.data.length).toBe(0);
      keys += projectKeys.length;
    }
    expect(keys).toBe(apiUsers.length);
  });

  it("lists admin API keys, invites and the audit log to the end", async () => {
    const adminKeys: Any[] = [];
    for await (const k of client.admin.organization.adminAPIKeys.list({ limit: 1 })) adminKeys.push(k);
    expect(adminKeys.map((k) => k.name)).toStrictEqual(["usage-sync", "finance-dashboard"]);
    expect(adminKeys.every((k) => k.owner.name === admin.name && k.owner.role === "owner")).toBe(true);
    expect((await client.admin.organization.adminAPIKeys.retrieve(adminKeys[0]!.id)).name).toBe("usage-sync");

    const invites: Any[] = [];
    for await (const i of client.admin.organization.invites.list({ limit: 7 })) invites.push(i);
    const accepted = invites.filter((i) => i.status === "accepted");
    expect(sorted(accepted.map((i) => i.email))).toStrictEqual(sorted(apiUsers.filter((p) => p.id !== admin.id).map((p) => p.email)));
    const open = invites.filter((i) => i.status !== "accepted");
    expect(open.filter((i) => i.status === "pending").length).toBeGreaterThan(0);
    for (const i of open) {
      const p = byEmail.get(i.email)!;
      expect(apiUsers.includes(p)).toBe(false);
      expect(i.expires_at > asOf).toBe(i.status === "pending");
    }
    expect((await client.admin.organization.invites.retrieve(open[0]!.id)).email).toBe(open[0]!.email);

    const log: Any[] = [];
    for await (const e of client.admin.organization.auditLogs.list({ limit: 25 })) log.push(e);
    const count = (type: string) => log.filter((e) => e.type === type).length;
    expect(count("project.created")).toBe(world.teams.length + 1);
    expect(count("invite.sent")).toBe(invites.length);
    expect(count("invite.accepted")).toBe(accepted.length);
    expect(count("api_key.created")).toBe(apiUsers.length + adminKeys.length);
    expect(log.map((e) => e.effective_at)).toStrictEqual([...log.map((e) => e.effective_at)].sort((a, b) => b - a));
    const created: Any[] = [];
    for await (const e of client.admin.organization.auditLogs.list({ event_types: ["api_key.created"], limit: 10 })) created.push(e);
    expect(created.map((e) => e.id)).toStrictEqual(log.filter((e) => e.type === "api_key.created").map((e) => e.id));
  });

  it("syncs completions usage by day over the whole window, following next_page, and it adds up to the world's usage", async () => {
    const users = await orgUsers();
    const buckets = await usagePages("completions", { start_time: start, bucket_width: "1d", group_by: ["user_id", "model"], limit: 31 });
    expect(buckets[0]!.start_time).toBe(start);
    expect(buckets.at(-1)!.start_time).toBe(Math.floor(asOf / DAY) * DAY);
    const got = new Map<string, number[]>();
    for (const b of buckets) {
      for (const r of b.results) {
        const key = `${b.start_time} ${users.get(r.user_id)!.email} ${r.model}`;
        got.set(key, [r.num_model_requests, r.input_tokens, r.input_cached_tokens, r.output_tokens]);
      }
    }
    const want = new Map(
      rows
        .filter((r) => !r.model.startsWith("text-embedding"))
        .map((r) => [
          `${sec(r.day)} ${world.people[r.personId - 1]!.email} ${SNAPSHOTS[r.model]}`,
          [r.requests, r.inputTokens + r.cacheReadTokens, r.cacheReadTokens, r.outputTokens],
        ]),
    );
    expect([...got.keys()].sort()).toStrictEqual([...want.keys()].sort());
    for (const [k, v] of want) expect(got.get(k), k).toStrictEqual(v);

    const embeddings = await usagePages("embeddings", { start_time: start, group_by: ["model"], limit: 31 });
    const tokens = embeddings.flatMap((b) => b.results).reduce((s, r) => s + r.input_tokens, 0);
    expect(tokens).toBe(rows.filter((r) => r.model.startsWith("text-embedding")).reduce((s, r) => s + r.inputTokens, 0));
  });

  it("answers the same totals in 31-day chunks, grouped by project, and by hour within a week", async () => {
    const projects = new Map<string, string>();
    for await (const p of client.admin.organization.projects.list()) projects.set(p.id, p.name ?? "");
    const perTeam = new Map<string, number>();
    for (let from = start; from < asOf; from += 31 * DAY) {
      const page = await client.admin.organization.usage.completions({
        start_time: from,
        end_time: from + 31 * DAY,
        bucket_width: "1d",
        group_by: ["project_id"],
        limit: 31,
      });
      expect(page.has_more).toBe(false);
      for (const r of page.data.flatMap((b) => b.results) as Any[])
        perTeam.set(projects.get(r.project_id)!, (perTeam.get(projects.get(r.project_id)!) ?? 0) + r.output_tokens);
    }
    const want = new Map<string, number>();
    for (const r of rows) {
      const name = world.teams.find((t) => t.id === r.teamId)!.name;
      want.set(name, (want.get(name) ?? 0) + r.outputTokens);
    }
    expect([...perTeam].sort()).toStrictEqual([...want].sort());

    // A week by hour (168 buckets, one page) adds up to the same week by day.
    const week = start + 14 * DAY;
    const hourly = await client.admin.organization.usage.completions({
      start_time: week,
      end_time: week + 7 * DAY,
      bucket_width: "1h",
      limit: 168,
    });
    expect(hourly.data.length).toBe(168);
    const daily = await client.admin.organization.usage.completions({ start_time: week, end_time: week + 7 * DAY, limit: 7 });
    const sum = (data: Any[]) => data.flatMap((b) => b.results).reduce((s, r) => s + r.num_model_requests + r.output_tokens, 0);
    expect(sum(hourly.data)).toBe(sum(daily.data));
    expect(sum(daily.data)).toBeGreaterThan(0);
    // An hour by minute adds up to the hour.
    const busy = hourly.data.find((b) => b.results.length > 0)!;
    const minutes = await client.admin.organization.usage.completions({
      start_time: busy.start_time,
      end_time: busy.end_time,
      bucket_width: "1m",
      limit: 60,
    });
    expect(sum(minutes.data)).toBe(sum([busy]));
    // Nothing after as-of, and OpenAI's 400 for a width it does not have.
    const later = await client.admin.organization.usage.completions({ start_time: asOf + DAY });
    expect(later.data.length).toBe(0);
    const bad = (await client.admin.organization.usage
      .completions({ start_time: start, bucket_width: "2d" as never })
      .catch((e: unknown) => e)) as Any;
    expect(bad).toBeInstanceOf(OpenAI.BadRequestError);
    expect(`${bad.param} ${bad.code}`).toBe("bucket_width invalid_value");
  });

  it("reads costs: usage priced by the documented table, in total and by line item", async () => {
    const pages: Any[] = [];
    let page: string | undefined;
    do {
      const res = (await client.admin.organization.usage.costs({
        start_time: start,
        limit: 180,
        group_by: ["line_item"],
        ...(page ? { page } : {}),
      })) as Any;
      expect(spec.validate("v1/organization/costs", res)).toBeUndefined();
      pages.push(res);
      page = res.has_more ? res.next_page : undefined;
    } while (page);
    const results = pages.flatMap((p) => p.data).flatMap((b: Any) => b.results);
    const total = results.reduce((s: number, r: Any) => s + r.amount.value, 0);
    const want = rows.reduce((s, r) => {
      const [i, c, o] = PRICES[r.model]!;
      return s + (r.inputTokens * i + r.cacheReadTokens * c + r.outputTokens * o) / 1e6;
    }, 0);
    expect(Math.abs(total - want)).toBeLessThan(1e-6);
    expect(new Set(results.map((r: Any) => r.line_item))).toStrictEqual(
      new Set(
        Object.entries(SNAPSHOTS).flatMap(([alias, snap]) =>
          alias.startsWith("text-embedding") ? [`${snap}, input`] : [`${snap}, input`, `${snap}, cached input`, `${snap}, output`],
        ),
      ),
    );
    let plain = 0;
    for (let next: string | undefined, n = 0; n === 0 || next; n++) {
      const res = (await client.admin.organization.usage.costs({ start_time: start, limit: 100, ...(next ? { page: next } : {}) })) as Any;
      plain += res.data.flatMap((b: Any) => b.results).reduce((s: number, r: Any) => s + r.amount.value, 0);
      next = res.has_more ? res.next_page : undefined;
    }
    expect(Math.abs(plain - want)).toBeLessThan(1e-6);
  });

  it("lists files to the end and reads their content: training data from bug reports, batches, READMEs", async () => {
    const files: Any[] = [];
    for await (const f of client.files.list({ limit: 20 })) files.push(f);
    expect(files.length).toBeGreaterThan(20);
    expect(files.map((f) => f.created_at)).toStrictEqual([...files.map((f) => f.created_at)].sort((a, b) => b - a));
    expect(new Set(files.map((f) => f.purpose))).toStrictEqual(new Set(["fine-tune", "batch", "batch_output", "assistants"]));
    const tuning = await client.files.list({ purpose: "fine-tune" });
    expect(tuning.data.length).toBe(files.filter((f) => f.purpose === "fine-tune").length);
    for (const f of files) expect(f.created_at).toBeLessThanOrEqual(asOf);

    const train = files.find((f) => f.filename.endsWith("-triage-train.jsonl"))!;
    const team = world.teams.find((t) => train.filename === `${t.slug}-triage-train.jsonl`)!;
    const text = await (await client.files.content(train.id)).text();
    expect(Buffer.byteLength(text)).toBe(train.bytes);
    for (const l of text.trim().split("\n")) {
      const [, user, assistant] = (JSON.parse(l) as { messages: Any[] }).messages;
      const bug = world.workItems.find((w) => w.teamId === team.id && w.type === "Bug" && w.title === user!.content)!;
      expect(assistant!.content).toBe(`${bug.priority}; ${bug.labels.length ? bug.labels.join(", ") : "no labels"}`);
    }

    const readme = files.find((f) => f.purpose === "assistants")!;
    const repo = world.repos.find((r) => readme.filename === `${r.name}-README.md`)!;
    const bytes = Buffer.from(await (await client.files.content(readme.id)).arrayBuffer());
    const sha = createHash("sha1").update(`blob ${bytes.length}\0`).update(bytes).digest("hex");
    expect(repo.objects.blobs.get(sha)?.equals(bytes)).toBe(true);

    // A batch's output holds what the chat endpoint answers for the same request (the batch has its own ids).
    const input = files.find((f) => f.purpose === "batch")!;
    const output = files.find((f) => f.purpose === "batch_output" && f.created_at >= input.created_at && f.filename.startsWith("batch_"))!;
    const request = JSON.parse((await (await client.files.content(input.id)).text()).split("\n")[0]!) as Any;
    const results = (await (await client.files.content(output.id)).text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Any);
    const result = results.find((r) => r.custom_id === request.custom_id);
    if (result) {
      const live = await client.chat.completions.create(request.body);
      expect(result.response.body.choices[0].message.content).toBe(live.choices[0]!.message.content);
      expect(result.response.body.usage).toStrictEqual(live.usage);
    }
    expect((await client.files.retrieve(train.id)).filename).toBe(train.filename);
  });

  it("answers chat completions statelessly: the same request gets the same bytes, and the stream reassembles to it", async () => {
    const item = world.workItems[0]!;
    const request = {
      model: "gpt-4.1-mini",
      messages: [
        { role: "system" as const, content: "Be brief." },
        { role: "user" as const, content: `Summarize ${item.key}: ${item.title}` },
      ],
    };
    const first = await client.chat.completions.create(request);
    expect(spec.validateSchema("CreateChatCompletionResponse", first)).toBeUndefined();
    expect(first.model).toBe("gpt-4.1-mini-2025-04-14");
    expect(first.id).toMatch(/^chatcmpl-\w{29}$/);
    expect(first.created).toBeLessThanOrEqual(asOf);
    const content = first.choices[0]!.message.content!;
    expect(content).toContain(`${item.key}: ${item.title}`);
    expect(first.usage!.completion_tokens).toBe(Math.ceil(Buffer.byteLength(content) / 4));
    const raw = async () => {
      const res = await fetch(`${baseUrl}/${pinName}/v1/chat/completions`, {
        method: "POST",
        headers: { ...KEY, "content-type": "application/json" },
        body: JSON.stringify(request),
      });
      return {
        text: await res.text(),
        id: res.headers.get("x-request-id"),
        version: res.headers.get("openai-version"),
        limit: res.headers.get("x-ratelimit-limit-requests"),
      };
    };
    const [a, b] = [await raw(), await raw()];
    expect(a.text).toBe(b.text);
    expect(`${a.id} ${a.version} ${a.limit}`).toBe(`${b.id} 2020-10-01 10000`);

    const stream = await client.chat.completions.create({ ...request, stream: true, stream_options: { include_usage: true } });
    let text = "";
    let usage: unknown;
    let chunks = 0;
    for await (const chunk of stream) {
      expect(spec.validateSchema("CreateChatCompletionStreamResponse", chunk)).toBeUndefined();
      expect(chunk.id).toBe(first.id);
      text += chunk.choices[0]?.delta?.content ?? "";
      usage = chunk.usage ?? usage;
      chunks++;
    }
    expect(chunks).toBeGreaterThan(5);
    expect(text).toBe(content);
    expect(usage).toStrictEqual(first.usage);
    const helper = await client.chat.completions.stream(request).finalChatCompletion();
    expect(helper.choices[0]!.message.content).toBe(content);

    const missing = (await client.chat.completions.create({ ...request, model: "gpt-nonexistent" }).catch((e: unknown) => e)) as Any;
    expect(`${missing.status} ${missing.code}`).toBe("404 model_not_found");
    const empty = (await client.chat.completions.create({ ...request, messages: [] }).catch((e: unknown) => e)) as Any;
    expect(`${empty.status} ${empty.param}`).toBe("400 messages");
  });

  it("answers responses, plain and streamed, with the same text", async () => {
    const request = { model: "o4-mini", instructions: "Answer in one line.", input: `Which team owns ${world.repos[0]!.name}?` };
    const plain = await client.responses.create(request);
    expect(spec.validateSchema("Response", plain)).toBeUndefined();
    expect(`${plain.status} ${plain.model}`).toBe("completed o4-mini-2025-04-16");
    expect(plain.output_text).toContain(world.repos[0]!.name);
    expect(plain.usage!.output_tokens_details.reasoning_tokens).toBeGreaterThan(0);
    const events = await client.responses.create({ ...request, stream: true });
    let text = "";
    let done: Any | undefined;
    for await (const e of events) {
      expect(spec.validateEvent(e)).toBeUndefined();
      if (e.type === "response.output_text.delta") text += e.delta;
      if (e.type === "response.completed") done = e.response;
    }
    expect(text).toBe(plain.output_text);
    expect(done!.id).toBe(plain.id);
    const final = await client.responses.stream(request).finalResponse();
    expect(final.output_text).toBe(plain.output_text);
    const cut = await client.responses.create({ ...request, model: "gpt-4.1", max_output_tokens: 5 });
    expect(`${cut.status} ${cut.incomplete_details?.reason}`).toBe("incomplete max_output_tokens");
  });

  it("reads the usage API's arrays in both spellings, filters by model alias, and rejects what OpenAI rejects", async () => {
    const get = async (query: string) => {
      const res = await fetch(
        `${baseUrl}/${pinName}/v1/organization/usage/completions?start_time=${start}` +
          `&${query.includes("limit=") ? "" : "limit=31&"}${query}`,
        { headers: KEY },
      );
      return { status: res.status, body: (await res.json()) as Any };
    };
    const brackets = await get("group_by[]=project_id&group_by[]=model");
    const repeated = await get("group_by=model&group_by=project_id");
    expect(JSON.stringify(repeated.body)).toBe(JSON.stringify(brackets.body));
    const alias = await get("models[]=o4-mini&group_by[]=model");
    const models = new Set(alias.body.data.flatMap((b: Any) => b.results.map((r: Any) => r.model)));
    expect([...models]).toStrictEqual(["o4-mini-2025-04-16"]);
    const want = rows.filter((r) => r.model === "o4-mini" && sec(r.day) < start + 31 * DAY).reduce((s, r) => s + r.requests, 0);
    expect(alias.body.data.flatMap((b: Any) => b.results).reduce((s: number, r: Any) => s + r.num_model_requests, 0)).toBe(want);
    for (const [query, param] of [
      ["limit=32", "limit"],
      ["group_by[]=line_item", "group_by"],
      ["page=page_bogus", "page"],
      ["bucket_width=1w", "bucket_width"],
    ] as const) {
      const bad = await get(query);
      expect(`${bad.status} ${bad.body.error.type} ${bad.body.error.param}`, query).toBe(`400 invalid_request_error ${param}`);
    }
    const missing = await fetch(`${baseUrl}/${pinName}/v1/organization/costs`, { headers: KEY });
    expect(`${missing.status} ${((await missing.json()) as Any).error.code}`).toBe("400 missing_required_parameter");
    const notJson = await fetch(`${baseUrl}/${pinName}/v1/chat/completions`, {
      method: "POST",
      headers: { ...KEY, "content-type": "application/json" },
      body: "{oops",
    });
    expect(`${notJson.status} ${((await notJson.json()) as Any).error.message}`).toMatch(
      /^400 We could not parse the JSON body of your request/,
    );
  });

  it("answers writes to the frozen organization, unknown ids and missing keys with OpenAI's error shape", async () => {
    const write = (await client.admin.organization.projects.create({ name: "New" }).catch((e: unknown) => e)) as Any;
    expect(`${write.status} ${write.type} ${write.code}`).toBe("405 invalid_request_error method_not_allowed");
    const del = (await client.files.delete("file-abc").catch((e: unknown) => e)) as Any;
    expect(del.status).toBe(405);
    const unknown = (await client.files.retrieve("file-doesnotexist").catch((e: unknown) => e)) as Any;
    expect(unknown).toBeInstanceOf(OpenAI.NotFoundError);
    const anonymous = await fetch(`${baseUrl}/${pinName}/v1/models`);
    expect(`${anonymous.status} ${((await anonymous.json()) as Any).error.message}`).toMatch(/^401 You didn't provide an API key\./);
  });

  /**
   * AI usage belongs to engineers who work that day: every usage user is an organization user whose email
   * authors commits in the GitHub pin of the same generation, and every day of usage is a day they
   * committed, opened or reviewed a pull request, or moved a work item (the world's definition of active).
   */
  it(`joins usage to people, and to their commits on ${ghPin}`, async () => {
    const users = await orgUsers();
    const buckets = await usagePages("completions", { start_time: start, group_by: ["user_id"], limit: 31 });
    const active = activeDays(world);
    let checked = 0;
    for (const b of buckets) {
      for (const r of b.results) {
        const person = byEmail.get(users.get(r.user_id)?.email) as Person;
        expect(person, r.user_id).toBeDefined();
        expect(active.get(person.id)?.has(b.start_time), `${person.email} on ${b.start_time}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBe(new Set(rows.filter((r) => !r.model.startsWith("text-embedding")).map((r) => `${r.personId} ${r.day}`)).size);
    if (only !== undefined && !only.includes(ghPin)) return;
    const commitDays = new Map<string, Set<number>>();
    for (const repo of world.repos) {
      for (let url: string | undefined = `${baseUrl}/${ghPin}/repos/${world.company.slug}/${repo.name}/commits?per_page=100`; url;) {
        const res: Response = await fetch(url);
        expect(res.status).toBe(200);
        for (const c of (await res.json()) as Any[]) {
          const email = c.commit.author.email as string;
          if (!commitDays.has(email)) commitDays.set(email, new Set());
          commitDays.get(email)!.add(Math.floor(Date.parse(c.commit.author.date) / 1000 / DAY) * DAY);
        }
        url = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get("link") ?? "")?.[1];
      }
    }
    const usageUsers = new Set(buckets.flatMap((b) => b.results.map((r: Any) => users.get(r.user_id)!.email as string)));
    for (const email of usageUsers) expect(commitDays.has(email), email).toBe(true);
    const onCommitDays = buckets.flatMap((b) =>
      b.results.filter((r: Any) => commitDays.get(users.get(r.user_id)!.email)?.has(b.start_time)),
    );
    const expected = new Set(
      rows
        .filter(
          (r) =>
            !r.model.startsWith("text-embedding") &&
            world.repos.some((repo) =>
              repo.mainCommits
                .slice(1)
                .some((c) => c.authorId === r.personId && Math.floor(c.authoredAt / 86_400_000) === r.day / 86_400_000),
            ),
        )
        .map((r) => `${r.personId} ${r.day}`),
    );
    expect(onCommitDays.length).toBe(expected.size);
    expect(onCommitDays.length).toBeGreaterThan(0);
  });
});

/** The world's definition of an active day (generator/world/ai/ai.ts), in unix seconds of UTC days. */
function activeDays(world: ReturnType<typeof buildWorld>): Map<number, Set<number>> {
  const out = new Map<number, Set<number>>();
  const mark = (id: number | undefined, at: number) => {
    if (id === undefined || at > world.asOf) return;
    if (!out.has(id)) out.set(id, new Set());
    out.get(id)!.add(Math.floor(at / 86_400_000) * DAY);
  };
  for (const repo of world.repos) {
    for (const c of repo.mainCommits.slice(1)) mark(c.authorId, c.authoredAt);
    for (const pr of repo.pulls) {
      mark(pr.authorId, pr.createdAt);
      for (const c of pr.commits) mark(c.authorId, c.authoredAt);
      for (const r of pr.reviews) mark(r.reviewerId, r.submittedAt);
    }
  }
  for (const item of world.workItems) for (const t of item.transitions) mark(t.byId, t.at);
  return out;
}
