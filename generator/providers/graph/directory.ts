import type { JsonObject, JsonValue, Resource } from "../../core/provider.js";
import { isoSeconds } from "../../world/clock.js";
import { type GraphContext, type GraphGroup, type GraphUser, V } from "./context.js";
import { DIRECTORY_TOP, collectionPages, everySize, graphPagination } from "./lists.js";
import { licenseDetails, licensesOf, organization, subscribedSkus } from "./licences.js";

/**
 * The directory (`/users`, `/groups`, `/me`, managers and reports, memberships, the organization and its
 * licences) in Graph's default property sets: what `GET /users` answers without `$select`.
 */

/** An office per time zone: where the person works from. */
function office(u: GraphUser): string {
  return u.timeZone.split("/").at(-1)!.replace(/_/g, " ");
}

/**
 * Graph's default user properties, in its order, then `accountEnabled` and `department`: `$select` is not
 * evaluated by this host, and those two are what directory connectors select beyond the defaults.
 */
export function user(u: GraphUser): JsonObject {
  return {
    businessPhones: [],
    displayName: u.name,
    givenName: u.firstName,
    jobTitle: u.jobTitle,
    mail: u.email,
    mobilePhone: null,
    officeLocation: office(u),
    preferredLanguage: "en-US",
    surname: u.lastName,
    userPrincipalName: u.email,
    id: u.id,
    accountEnabled: true,
    department: u.department,
  };
}

/** In a list of directory objects (members, reports, memberships), each item names its type. */
export function userObject(u: GraphUser): JsonObject {
  return { "@odata.type": "#microsoft.graph.user", ...user(u) };
}

/** Graph's default group properties, in its order. */
export function group(c: GraphContext, g: GraphGroup): JsonObject {
  const mail = `${g.nickname}@${c.domain}`;
  return {
    id: g.id,
    deletedDateTime: null,
    classification: null,
    createdDateTime: isoSeconds(g.createdAt),
    description: g.description,
    displayName: g.name,
    expirationDateTime: null,
    groupTypes: ["Unified"],
    isAssignableToRole: null,
    mail,
    mailEnabled: true,
    mailNickname: g.nickname,
    membershipRule: null,
    membershipRuleProcessingState: null,
    onPremisesDomainName: null,
    onPremisesLastSyncDateTime: null,
    onPremisesNetBiosName: null,
    onPremisesSamAccountName: null,
    onPremisesSecurityIdentifier: null,
    onPremisesSyncEnabled: null,
    preferredDataLocation: null,
    preferredLanguage: null,
    proxyAddresses: [`SMTP:${mail}`],
    renewedDateTime: isoSeconds(g.createdAt),
    resourceBehaviorOptions: [],
    resourceProvisioningOptions: g.team ? ["Team"] : [],
    securityEnabled: false,
    securityIdentifier: `S-1-12-1-${sidParts(c.hex(`sid/${g.key}`))}`,
    theme: null,
    visibility: g.team ? "Private" : "Public",
    onPremisesProvisioningErrors: [],
    serviceProvisioningErrors: [],
  };
}

export function groupObject(c: GraphContext, g: GraphGroup): JsonObject {
  return { "@odata.type": "#microsoft.graph.group", ...group(c, g) };
}

/** Four 32-bit numbers, as a group's security identifier spells its object id. */
function sidParts(hex: string): string {
  return [0, 8, 16, 24].map((i) => Number.parseInt(hex.slice(i, i + 8), 16)).join("-");
}

export function* directoryResources(c: GraphContext): Generator<Resource> {
  const origin = c.pin.origin;
  const meta = `${origin}/${V}/$metadata`;
  const dir = (n: number) => graphPagination(origin, DIRECTORY_TOP, everySize(n, DIRECTORY_TOP));
  const users = c.users.map(user);
  yield* collectionPages(dir(users.length), `${V}/users`, `${meta}#users`, users);
  yield { path: `${V}/me`, body: { "@odata.context": `${meta}#users/$entity`, ...user(c.me) } };

  for (const u of c.users) {
    const base = `${V}/users/${u.id}`;
    yield { path: base, body: { "@odata.context": `${meta}#users/$entity`, ...user(u) } };
    const manager = c.manager(u);
    if (manager) yield { path: `${base}/manager`, body: { "@odata.context": `${meta}#directoryObjects/$entity`, ...userObject(manager) } };
    const reports = c.directReports(u).map(userObject);
    yield* collectionPages(dir(reports.length), `${base}/directReports`, `${meta}#directoryObjects`, reports);
    const groups = c.memberOf(u).map((g) => groupObject(c, g));
    yield* collectionPages(dir(groups.length), `${base}/memberOf`, `${meta}#directoryObjects`, groups);
    const licences = licensesOf(c, u).map((sku) => licenseDetails(c, u, sku));
    yield* collectionPages(dir(licences.length), `${base}/licenseDetails`, `${meta}#users('${u.id}')/licenseDetails`, licences);
  }

  const groups = c.groups.map((g) => group(c, g));
  yield* collectionPages(dir(groups.length), `${V}/groups`, `${meta}#groups`, groups);
  for (const g of c.groups) {
    const base = `${V}/groups/${g.id}`;
    yield { path: base, body: { "@odata.context": `${meta}#groups/$entity`, ...group(c, g) } };
    const members = g.members.map(userObject);
    yield* collectionPages(dir(members.length), `${base}/members`, `${meta}#directoryObjects`, members);
    const owners = g.owners.map(userObject);
    yield* collectionPages(dir(owners.length), `${base}/owners`, `${meta}#directoryObjects`, owners);
  }

  yield* collectionPages(dir(1), `${V}/organization`, `${meta}#organization`, [organization(c)]);
  const skus: JsonValue[] = subscribedSkus(c);
  yield* collectionPages(dir(skus.length), `${V}/subscribedSkus`, `${meta}#subscribedSkus`, skus);
}
