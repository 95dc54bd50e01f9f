import type { JsonValue, Pagination, Resource } from "../../core/provider.js";
import type { Person } from "../../world/types.js";
import { projectDescription, type AdoContext, type AdoTeam } from "./context.js";
import { valueList } from "./lists.js";

/**
 * The core and graph areas: the organization's one project, its teams and their members, and the
 * organization's users as the Graph API lists them. Graph lives on vssps.dev.azure.com in the real
 * service; ResourceAreas points it at the organization URL here, so `{org}/_apis/graph/users` serves it.
 */
export function* coreResources(ado: AdoContext, p: Pagination): Generator<Resource> {
  const { org } = ado;
  yield* valueList(p, `${org}/_apis/projects`, [ado.projectRef()]);
  yield { path: `${org}/_apis/projects/${ado.projectId}`, body: teamProject(ado) };
  const teams = [...ado.teams].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  yield* valueList(
    p,
    `${org}/_apis/projects/${ado.projectId}/teams`,
    teams.map((t) => webApiTeam(ado, t)),
  );
  yield* valueList(
    p,
    `${org}/_apis/teams`,
    teams.map((t) => webApiTeam(ado, t)),
  );
  for (const t of teams) {
    const base = `${org}/_apis/projects/${ado.projectId}/teams/${t.id}`;
    yield { path: base, body: webApiTeam(ado, t) };
    const members = t.memberIds.map((id) => ado.person(id)).sort(byName);
    yield* valueList(
      p,
      `${base}/members`,
      members.map((m) => teamMember(ado, m, t.adminIds.includes(m.id))),
    );
  }
  const users = [...ado.world.people].sort(byName);
  yield* valueList(
    p,
    `${org}/_apis/graph/users`,
    users.map((u) => graphUser(ado, u)),
  );
  for (const u of users) yield { path: `${org}/_apis/graph/users/${ado.descriptor(u)}`, body: graphUser(ado, u) };
}

const byName = (a: Person, b: Person) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id);

/** TeamProject: the reference plus links, capabilities (Git, the Agile process) and the default team. */
function teamProject(ado: AdoContext): JsonValue {
  const def = ado.teams[0]!;
  return {
    id: ado.projectId,
    name: ado.projectName,
    url: ado.projectUrl(),
    description: projectDescription(ado.world),
    state: "wellFormed",
    revision: 11,
    _links: {
      self: { href: ado.projectUrl() },
      collection: { href: `${ado.orgUrl}/_apis/projectCollections/${ado.guid("collection")}` },
      web: { href: `${ado.web}/${ado.org}/${encodeURIComponent(ado.projectName)}` },
    },
    visibility: "private",
    defaultTeam: { id: def.id, name: def.name, url: teamUrl(ado, def) },
    lastUpdateTime: new Date(ado.world.start).toISOString(),
    capabilities: {
      versioncontrol: { sourceControlType: "Git", gitEnabled: "True", tfvcEnabled: "False" },
      processTemplate: { templateName: "Agile", templateTypeId: "adcc42ab-9882-485e-a3ed-7678f01f66bc" },
    },
  };
}

export function teamUrl(ado: AdoContext, t: AdoTeam): string {
  return `${ado.orgUrl}/_apis/projects/${ado.projectId}/teams/${t.id}`;
}

function webApiTeam(ado: AdoContext, t: AdoTeam): JsonValue {
  return {
    id: t.id,
    name: t.name,
    url: teamUrl(ado, t),
    description: t.description,
    identityUrl: `${ado.orgUrl}/_apis/Identities/${t.id}`,
    projectName: ado.projectName,
    projectId: ado.projectId,
  };
}

function teamMember(ado: AdoContext, p: Person, admin: boolean): JsonValue {
  return { ...(admin ? { isTeamAdmin: true } : {}), identity: ado.identity(p) };
}

/** GraphUser, as `_apis/graph/users` lists it: an Entra (aad) member of the organization. */
function graphUser(ado: AdoContext, p: Person): JsonValue {
  const d = ado.descriptor(p);
  const graph = (kind: string) => ({ href: `${ado.orgUrl}/_apis/Graph/${kind}/${d}` });
  return {
    subjectKind: "user",
    directoryAlias: p.email.split("@")[0]!,
    domain: ado.guid("tenant"),
    principalName: p.email,
    mailAddress: p.email,
    origin: "aad",
    originId: ado.guid(`person/${p.id}/origin`),
    displayName: p.name,
    _links: {
      self: graph("Users"),
      memberships: graph("Memberships"),
      membershipState: graph("MembershipStates"),
      storageKey: graph("StorageKeys"),
      avatar: { href: `${ado.orgUrl}/_apis/GraphProfile/MemberAvatars/${d}` },
    },
    url: `${ado.orgUrl}/_apis/Graph/Users/${d}`,
    descriptor: d,
    metaType: "member",
  };
}
