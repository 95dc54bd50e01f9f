import type { JsonObject, Resource } from "../../core/provider.js";
import { isoDay } from "../../world/clock.js";
import { type OaiContext, type OaiProject, type OaiUser, sec } from "./context.js";
import { cursorList, oaiPagination } from "./lists.js";

/**
 * `GET /v1/organization/audit_logs`: what the organization's setup left behind, newest first. The admin
 * created each project, invited each user and added them to their team's project; each user accepted
 * the invite and created their API key; the admin created the admin keys. Filters by one event type or
 * one project are pre-rendered; every other filter (profiles.ts) is computed.
 */
interface Event {
  at: number;
  path: string;
  type: string;
  actor: OaiUser;
  project?: OaiProject;
  details: JsonObject;
}

function session(oai: OaiContext, u: OaiUser): JsonObject {
  const h = oai.hex(`audit/ip/${u.person.id}`, 4);
  return {
    type: "session",
    session: { user: { id: u.id, email: u.person.email }, ip_address: `198.51.100.${(parseInt(h, 16) % 254) + 1}` },
  };
}

function events(oai: OaiContext): Event[] {
  const admin = oai.users.find((u) => u.person.id === oai.admin.id)!;
  const out: Event[] = [];
  for (const p of oai.projects) {
    out.push({
      at: p.createdAt,
      path: `project/${p.id}`,
      type: "project.created",
      actor: admin,
      project: p,
      details: { id: p.id, data: { name: p.name, title: p.name } },
    });
    for (const m of oai.members.get(p)!) {
      if (m.user === admin) continue;
      out.push({
        at: m.addedAt,
        path: `user-added/${p.id}/${m.user.id}`,
        type: "user.added",
        actor: admin,
        project: p,
        details: { id: m.user.id, data: { role: m.role } },
      });
    }
  }
  for (const i of oai.invites) {
    out.push({
      at: i.createdAt,
      path: `invite-sent/${i.id}`,
      type: "invite.sent",
      actor: admin,
      details: { id: i.id, data: { email: i.email, role: i.role } },
    });
    const invitee = oai.user(i.person.id);
    if (i.acceptedAt !== undefined && invitee)
      out.push({ at: i.acceptedAt, path: `invite-accepted/${i.id}`, type: "invite.accepted", actor: invitee, details: { id: i.id } });
  }
  for (const k of oai.keys) {
    out.push({
      at: k.createdAt,
      path: `key/${k.id}`,
      type: "api_key.created",
      actor: k.user,
      project: k.project,
      details: { id: k.id, data: { scopes: ["api.model.request"] } },
    });
  }
  for (const k of oai.adminKeys) {
    out.push({
      at: k.createdAt,
      path: `admin-key/${k.id}`,
      type: "api_key.created",
      actor: k.owner,
      details: { id: k.id, data: { scopes: ["api.management.read"] } },
    });
  }
  return out.sort((a, b) => b.at - a.at || (a.path < b.path ? -1 : 1));
}

function entry(oai: OaiContext, e: Event): JsonObject {
  return {
    id: `audit_log-${oai.b62(`audit/${e.path}`, 16)}_${isoDay(e.at).replace(/-/g, "")}`,
    type: e.type,
    effective_at: sec(e.at),
    ...(e.project ? { project: { id: e.project.id, name: e.project.name } } : {}),
    actor: session(oai, e.actor),
    [e.type]: e.details,
  };
}

export function* auditLogResources(oai: OaiContext): Generator<Resource> {
  const all = events(oai);
  const path = "v1/organization/audit_logs";
  const p = oaiPagination(oai.pin.origin);
  yield* cursorList(
    p,
    path,
    all.map((e) => entry(oai, e)),
  );
  for (const type of [...new Set(all.map((e) => e.type))].sort()) {
    yield* cursorList(
      p,
      path,
      all.filter((e) => e.type === type).map((e) => entry(oai, e)),
      [["event_types", type]],
    );
  }
  for (const project of oai.projects) {
    yield* cursorList(
      p,
      path,
      all.filter((e) => e.project === project).map((e) => entry(oai, e)),
      [["project_ids", project.id]],
    );
  }
}
