import { createHash } from "node:crypto";
import type { JsonObject, JsonValue, Resource } from "../../core/provider.js";
import type { Person, Repo, Team } from "../../world/types.js";
import { DEVIN_TASKS } from "../../world/vocabulary.js";
import { type DevinContext, ts } from "./context.js";

/**
 * The organization's resources that Devin v1 lists beside its sessions: knowledge (`GET /v1/knowledge`),
 * team playbooks (`GET /v1/playbooks`, `GET /v1/playbooks/{playbook_id}`) and secrets' metadata
 * (`GET /v1/secrets`). None of them takes a query parameter in Devin's v1 OpenAPI description, and none
 * is paged: each list is served whole, in one body.
 *
 * Derived from the world, deterministically:
 * - knowledge: a folder per team (its name and description), and in it one entry per repository the
 *   team owns (what the repository is, pinned to it) and one about how the team works;
 * - playbooks: one per kind of investigation the world's Devin sessions run (DEVIN_TASKS, with the
 *   repository left to the prompt), and one for the sessions that implement a work item;
 * - secrets: two per repository (its deploy key and its staging database URL), names only. The values
 *   do not exist anywhere in the world, and the API never returns them.
 */

function hex(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 32);
}

/** `<prefix>-<32 hex>` ids, as Devin names its objects (`devin-…`, `playbook-…`, `org-…`). */
function id(d: DevinContext, prefix: string, key: string): string {
  return `${prefix}${hex(`${d.world.generation.seed}\u0000devin/${key}`)}`;
}

const DAY = 86_400_000;

function orgId(d: DevinContext): string {
  return id(d, "org-", `org/${d.org}`);
}

function folderId(d: DevinContext, t: Team): string {
  return id(d, "folder-", `folder/${t.id}`);
}

/** The person who set a team's resources up: its lead. */
function lead(d: DevinContext, t: Team): Person {
  return d.person(t.leadId);
}

/** When Devin was set up for a repository: a day after the later of its creation and the world's start. */
function onboarded(d: DevinContext, r: Repo): number {
  return Math.max(r.createdAt, d.world.start) + DAY;
}

function createdBy(d: DevinContext, p: Person): JsonObject {
  return { full_name: p.name, id: d.userId(p), image_url: null };
}

/** `GET /v1/knowledge`: `{knowledge, folders}`, both whole, oldest first. */
export function knowledge(d: DevinContext): JsonValue {
  const teams = [...d.world.teams].sort((a, b) => a.id - b.id);
  const folders: JsonObject[] = teams.map((t) => ({
    id: folderId(d, t),
    name: t.name,
    description: t.description,
    created_at: ts(Math.max(t.createdAt, d.world.start)),
  }));
  const entries: Array<{ at: number; key: string; body: JsonObject }> = [];
  for (const t of teams) {
    const owner = lead(d, t);
    const at = Math.max(t.createdAt, d.world.start) + DAY;
    entries.push({
      at,
      key: `team/${t.id}`,
      body: {
        id: id(d, "note-", `knowledge/team/${t.id}`),
        name: `How the ${t.name} team works`,
        body:
          `${t.name}: ${t.description}\n\nTracker project: ${t.key}. Lead: ${owner.name} (${owner.email}). Branch from the default ` +
          `branch, name branches after the work item (${t.key}-123-short-title),` +
          ` and open a pull request that cites the key in its title.`,
        trigger_description: `When working on a ${t.key} work item or in a repository the ${t.name} team owns`,
        parent_folder_id: folderId(d, t),
        pinned_repo: null,
        macro: null,
        created_at: ts(at),
        created_by: createdBy(d, owner),
      },
    });
  }
  for (const r of [...d.world.repos].sort((a, b) => a.id - b.id)) {
    const t = d.team(r.teamId);
    const at = onboarded(d, r);
    entries.push({
      at,
      key: `repo/${r.id}`,
      body: {
        id: id(d, "note-", `knowledge/repo/${r.id}`),
        name: `${r.name} overview`,
        body:
          `${r.description}\n\nLanguage: ${r.language}. Default branch: ${r.defaultBranch}. Owned ` +
          `by the ${t.name} team (${t.key}` +
          `).${r.topics.length ? ` Topics: ${r.topics.join(", ")}.` : ""}`,
        trigger_description: `When working in the ${r.name} repository`,
        parent_folder_id: folderId(d, t),
        pinned_repo: `${d.org}/${r.name}`,
        macro: null,
        created_at: ts(at),
        created_by: createdBy(d, lead(d, t)),
      },
    });
  }
  entries.sort((a, b) => a.at - b.at || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { knowledge: entries.map((e) => e.body), folders };
}

/** The playbooks' templates: the world's investigation tasks, and the implement-a-work-item task. */
function playbookTemplates(): Array<{ title: string; macro: string; steps: string[] }> {
  const investigations = DEVIN_TASKS.map((task) => {
    const title = task.replace(/ (in|to|for) \{repo\}$/, "");
    const macro = `!${title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")}`;
    return {
      title,
      macro,
      steps: [
        "Clone the repository named in the prompt and read its README and knowledge.",
        `${title}: keep notes of what you look at and what you find.`,
        "Do not open a pull request unless asked: write your findings to report.md and attach it.",
      ],
    };
  });
  return [
    ...investigations,
    {
      title: "Implement a work item",
      macro: "!implement",
      steps: [
        "Read the work item named in the prompt and the repository's knowledge.",
        "Write a plan to plan.md and attach it.",
        "Make the change with tests, branch from the default branch, and open a pull request that cites the work item's key.",
      ],
    },
  ];
}

/** `GET /v1/playbooks`: the team playbooks, a bare array, oldest first. */
export function playbooks(d: DevinContext): JsonObject[] {
  return d.once("playbooks", () => {
    const sessions = [...d.world.ai.devin].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
    const out = playbookTemplates().map((p, i) => {
      // Written the day before the first session that ran this kind of task, by that session's requester.
      const first = sessions.find((s) =>
        p.macro === "!implement" ? s.workItemKey !== undefined : s.workItemKey === undefined && s.title.startsWith(p.title),
      );
      const author = first ? d.person(first.personId) : lead(d, [...d.world.teams].sort((a, b) => a.id - b.id)[0]!);
      const at = first ? first.createdAt - DAY : d.world.start + i * 60_000;
      return {
        at,
        body: {
          playbook_id: id(d, "playbook-", `playbook/${p.macro}`),
          title: p.title,
          body: `## Procedure\n\n${p.steps.map((s, n) => `${n + 1}. ${s}`).join("\n")}\n`,
          status: "published",
          access_type: "team",
          org_id: orgId(d),
          created_at: ts(at),
          updated_at: ts(at),
          created_by_user_id: d.userId(author),
          created_by_user_name: author.name,
          updated_by_user_id: d.userId(author),
          updated_by_user_name: author.name,
          macro: p.macro,
        } as JsonObject,
      };
    });
    return out.sort((a, b) => a.at - b.at || (a.body.playbook_id! < b.body.playbook_id! ? -1 : 1)).map((p) => p.body);
  });
}

/** `GET /v1/secrets`: every secret's metadata (`id`, `type`, `created_at`, `key`), a bare array, oldest first. */
export function secrets(d: DevinContext): JsonObject[] {
  const out: Array<{ at: number; body: JsonObject }> = [];
  for (const r of [...d.world.repos].sort((a, b) => a.id - b.id)) {
    const name = r.name.toUpperCase().replace(/[^A-Z0-9]+/g, "_");
    const at = onboarded(d, r);
    for (const [n, key] of [`${name}_DEPLOY_KEY`, `${name}_STAGING_DATABASE_URL`].entries()) {
      out.push({
        at: at + n * 60_000,
        body: { id: id(d, "sec_", `secret/${r.id}/${key}`), type: "key-value", created_at: ts(at + n * 60_000), key },
      });
    }
  }
  return out.sort((a, b) => a.at - b.at || ((a.body.key as string) < (b.body.key as string) ? -1 : 1)).map((s) => s.body);
}

export function* orgResources(d: DevinContext): Generator<Resource> {
  yield { path: "v1/knowledge", body: knowledge(d) };
  const books = playbooks(d);
  yield { path: "v1/playbooks", body: books };
  for (const p of books) yield { path: `v1/playbooks/${p.playbook_id as string}`, body: p };
  yield { path: "v1/secrets", body: secrets(d) };
}
