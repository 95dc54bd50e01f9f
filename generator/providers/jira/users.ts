import type { Person } from "../../world/types.js";
import type { JsonObject } from "../../core/provider.js";
import type { JiraContext } from "./context.js";

/**
 * People as Atlassian accounts: `accountId` derived from the generation's seed and `handles.atlassian`,
 * the same name and email as everywhere, type `atlassian`, and the person's own time zone. Avatars are
 * Atlassian's generated initials, as for an account without a picture.
 */
export function avatarUrls(p: Person): JsonObject {
  const initials = `${p.firstName[0]}${p.lastName[0]}`.toUpperCase();
  const url = `https://avatar-management--avatars.us-west-2.prod.public.atl-paas.net/initials/${initials}-${p.id % 6}.png`;
  return { "48x48": url, "24x24": url, "16x16": url, "32x32": url };
}

export function userSelf(jc: JiraContext, p: Person): string {
  return `${jc.api}/user?accountId=${jc.accountId(p)}`;
}

/** A user as issues, comments and changelogs embed one (UserDetails). */
export function userRef(jc: JiraContext, p: Person): JsonObject {
  return jc.once(`user-ref/${p.id}`, () => ({
    self: userSelf(jc, p),
    accountId: jc.accountId(p),
    emailAddress: p.email,
    avatarUrls: avatarUrls(p),
    displayName: p.name,
    active: true,
    timeZone: p.timeZone,
    accountType: "atlassian",
  }));
}

/** A user as the user searches list one. */
export function userListed(jc: JiraContext, p: Person): JsonObject {
  return jc.once(`user-listed/${p.id}`, () => ({
    self: userSelf(jc, p),
    accountId: jc.accountId(p),
    accountType: "atlassian",
    emailAddress: p.email,
    avatarUrls: avatarUrls(p),
    displayName: p.name,
    active: true,
    timeZone: p.timeZone,
    locale: "en_US",
  }));
}

/** `GET /user?accountId=` and `GET /myself`. */
export function userFull(jc: JiraContext, p: Person): JsonObject {
  const groups = p.admin ? 3 : 2;
  return {
    self: userSelf(jc, p),
    accountId: jc.accountId(p),
    accountType: "atlassian",
    emailAddress: p.email,
    avatarUrls: avatarUrls(p),
    displayName: p.name,
    active: true,
    timeZone: p.timeZone,
    locale: "en_US",
    groups: { size: groups, items: [] },
    applicationRoles: { size: 1, items: [] },
    expand: "groups,applicationRoles",
  };
}

/** Everyone, as `users/search` lists them: by display name. */
export function peopleByName(jc: JiraContext): Person[] {
  return [...jc.world.people].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
}

/**
 * Automation for Jira, the app account every Jira Cloud site has and that automation rules act as by
 * default: the same account id on every site, type `app`, no email address or locale, Atlassian's
 * generated "AJ" avatar. It writes the stale-work rule's comments (activity.ts), so the live site serves
 * its `user?accountId=` too; the people lists (`users/search`) keep listing people only.
 */
export const AUTOMATION_ACCOUNT_ID = "557058:f58131cb-b67d-43c7-b30d-6b58d40bd077";
const AUTOMATION_AVATAR =
  "https://secure.gravatar.com/avatar/600529a9c8bfef89daa848e6db28ed2d?" +
  "d=https%3A%2F%2Favatar-management--avatars.us-west-2.prod.public.atl-paas.net%2Finitials%2FAJ-0.png";

export function automationRef(jc: JiraContext): JsonObject {
  return {
    self: `${jc.api}/user?accountId=${AUTOMATION_ACCOUNT_ID}`,
    accountId: AUTOMATION_ACCOUNT_ID,
    accountType: "app",
    avatarUrls: { "48x48": AUTOMATION_AVATAR, "24x24": AUTOMATION_AVATAR, "16x16": AUTOMATION_AVATAR, "32x32": AUTOMATION_AVATAR },
    displayName: "Automation for Jira",
    active: true,
  };
}

/** `GET /user?accountId=` for the app: its reference, with the groups and roles an app account has. */
export function automationFull(jc: JiraContext): JsonObject {
  return {
    ...automationRef(jc),
    groups: { size: 0, items: [] },
    applicationRoles: { size: 0, items: [] },
    expand: "groups,applicationRoles",
  };
}
