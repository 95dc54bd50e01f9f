import type { JsonValue, Pagination, Resource } from "../../core/provider.js";
import type { Person } from "../../world/types.js";
import { avatarPng } from "./avatar-png.js";
import type { AdoContext, AdoTeam } from "./context.js";
import { valueList } from "./lists.js";

/**
 * What identity references and Graph users link to, for every person and team:
 * - `_apis/Identities/{id}`: the Identity (people are Entra users; teams are groups whose members are
 *   the team's people), as IdentityRef.url and teams' identityUrl name it;
 * - `_apis/GraphProfile/MemberAvatars/{descriptor}`: the avatar, a PNG (avatar-png.ts); the same
 *   picture answers `_api/_common/identityImage?id={id}` (computed in handlers.ts: its key is a query);
 * - `_apis/Graph/Memberships/{descriptor}`: a person's groups, one per team (up, as the service lists
 *   by default), each `Memberships/{member}/{container}`; `Graph/Groups/{descriptor}` for each team's group
 *   (its own memberships: none listed, as the project's built-in groups are not served);
 * - `Graph/MembershipStates/{descriptor}` (active) and `Graph/StorageKeys/{descriptor}` (the identity id);
 * - `_apis/projectCollections/{id}`: the organization as a collection, as projects link it.
 */
export function* identityResources(ado: AdoContext, p: Pagination): Generator<Resource> {
  const graph = `${ado.org}/_apis/Graph`;
  for (const person of [...ado.world.people].sort((a, b) => a.id - b.id)) {
    const d = ado.descriptor(person);
    const id = ado.personId(person);
    yield { path: `${ado.org}/_apis/Identities/${id}`, body: personIdentity(ado, person) };
    yield { path: `${ado.org}/_apis/GraphProfile/MemberAvatars/${d}`, body: { raw: avatarPng(id), contentType: "image/png" } };
    const memberships = ado.teams.filter((t) => t.memberIds.includes(person.id)).map((t) => membership(ado, d, groupDescriptor(ado, t)));
    yield* valueList(p, `${graph}/Memberships/${d}`, memberships);
    for (const t of ado.teams.filter((x) => x.memberIds.includes(person.id)))
      yield { path: `${graph}/Memberships/${d}/${groupDescriptor(ado, t)}`, body: membership(ado, d, groupDescriptor(ado, t)) };
    yield* subjectState(ado, d, id);
  }
  for (const t of ado.teams) {
    const d = groupDescriptor(ado, t);
    yield { path: `${ado.org}/_apis/Identities/${t.id}`, body: teamIdentity(ado, t) };
    yield { path: `${graph}/Groups/${d}`, body: graphGroup(ado, t) };
    yield* valueList(p, `${graph}/Memberships/${d}`, []);
    yield* subjectState(ado, d, t.id);
  }
  const collection = ado.guid("collection");
  const url = `${ado.orgUrl}/_apis/projectCollections/${collection}`;
  yield {
    path: `${ado.org}/_apis/projectCollections/${collection}`,
    body: {
      id: collection,
      name: ado.org,
      url,
      state: "Started",
      _links: { self: { href: url }, web: { href: `${ado.web}/${ado.org}/` } },
    },
  };
}

function* subjectState(ado: AdoContext, d: string, storageKey: string): Generator<Resource> {
  const graph = `${ado.orgUrl}/_apis/Graph`;
  yield {
    path: `${ado.org}/_apis/Graph/MembershipStates/${d}`,
    body: { _links: { self: { href: `${graph}/MembershipStates/${d}` }, member: { href: subjectUrl(ado, d) } }, active: true },
  };
  yield {
    path: `${ado.org}/_apis/Graph/StorageKeys/${d}`,
    body: { value: storageKey, _links: { self: { href: `${graph}/StorageKeys/${d}` }, descriptor: { href: subjectUrl(ado, d) } } },
  };
}

/** A team's group descriptor: `vssgp.` and the unpadded base64 of its security id, as Graph writes groups. */
export function groupDescriptor(ado: AdoContext, t: AdoTeam): string {
  return `vssgp.${Buffer.from(teamSid(ado, t)).toString("base64url")}`;
}

function teamSid(ado: AdoContext, t: AdoTeam): string {
  const n = (s: string) => String(parseInt(ado.guid(`${t.id}/sid/${s}`).slice(0, 8), 16));
  return `S-1-9-1551374245-${n("a")}-${n("b")}-${n("c")}-${n("d")}-1-${n("e")}-${n("f")}-${n("g")}-${n("h")}`;
}

function subjectUrl(ado: AdoContext, d: string): string {
  return `${ado.orgUrl}/_apis/Graph/${d.startsWith("vssgp.") ? "Groups" : "Users"}/${d}`;
}

function membership(ado: AdoContext, member: string, container: string): JsonValue {
  const graph = `${ado.orgUrl}/_apis/Graph`;
  return {
    _links: {
      self: { href: `${graph}/Memberships/${member}/${container}` },
      container: { href: subjectUrl(ado, container) },
      member: { href: subjectUrl(ado, member) },
    },
    containerDescriptor: container,
    memberDescriptor: member,
  };
}

function graphGroup(ado: AdoContext, t: AdoTeam): JsonValue {
  const d = groupDescriptor(ado, t);
  const graph = (kind: string) => ({ href: `${ado.orgUrl}/_apis/Graph/${kind}/${d}` });
  return {
    subjectKind: "group",
    description: t.description,
    domain: `vstfs:///Classification/TeamProject/${ado.projectId}`,
    principalName: `[${ado.projectName}]\\${t.name}`,
    mailAddress: null,
    origin: "vsts",
    originId: t.id,
    displayName: t.name,
    _links: {
      self: graph("Groups"),
      memberships: graph("Memberships"),
      membershipState: graph("MembershipStates"),
      storageKey: graph("StorageKeys"),
    },
    url: `${ado.orgUrl}/_apis/Graph/Groups/${d}`,
    descriptor: d,
  };
}

const str = (value: string) => ({ $type: "System.String", $value: value });

function personIdentity(ado: AdoContext, p: Person): JsonValue {
  const tenant = ado.guid("tenant");
  return {
    id: ado.personId(p),
    descriptor: `Microsoft.IdentityModel.Claims.ClaimsIdentity;${tenant}\\${p.email}`,
    subjectDescriptor: ado.descriptor(p),
    providerDisplayName: p.name,
    isActive: true,
    isContainer: false,
    members: [],
    memberOf: [],
    memberIds: [],
    properties: { SchemaClassName: str("User"), Description: str(""), Domain: str(tenant), Account: str(p.email), Mail: str(p.email) },
    resourceVersion: 2,
    metaTypeId: 0,
  };
}

function teamIdentity(ado: AdoContext, t: AdoTeam): JsonValue {
  const members = t.memberIds
    .map((id) => ado.person(id))
    .map((p) => `Microsoft.IdentityModel.Claims.ClaimsIdentity;${ado.guid("tenant")}\\${p.email}`);
  return {
    id: t.id,
    descriptor: `Microsoft.TeamFoundation.Identity;${teamSid(ado, t)}`,
    subjectDescriptor: groupDescriptor(ado, t),
    providerDisplayName: `[${ado.projectName}]\\${t.name}`,
    isActive: true,
    isContainer: true,
    members,
    memberOf: [],
    memberIds: t.memberIds.map((id) => ado.personId(ado.person(id))),
    properties: {
      SchemaClassName: str("Group"),
      Description: str(t.description),
      Domain: str(`vstfs:///Classification/TeamProject/${ado.projectId}`),
      Account: str(`[${ado.projectName}]\\${t.name}`),
      SecurityGroup: str("SecurityGroup"),
      SpecialType: str("Generic"),
      LocalScopeId: str(ado.projectId),
    },
    resourceVersion: 2,
    metaTypeId: 255,
  };
}
