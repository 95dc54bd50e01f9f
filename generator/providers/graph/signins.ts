import type { JsonObject, Resource } from "../../core/provider.js";
import { DAY, HOUR, isoSeconds } from "../../world/clock.js";
import { type Rng, rngFactory } from "../../world/rng.js";
import { type GraphContext, type GraphUser, V, cmp } from "./context.js";
import { collectionPages, signInPagination } from "./lists.js";
import { type SignInEvent, signInEvents } from "./sessions.js";

/**
 * The tenant's sign-in log (`/auditLogs/signIns`): Graph v1.0 lists interactive sign-ins only, newest
 * first, kept 30 days (Microsoft 365 E3 carries Entra ID P1, whose retention that is; without P2 the risk
 * fields read `hidden`). Each sign-in comes from a working session (sessions.ts). Every laptop is the
 * company's and enrolled: Windows machines log on with "Windows Sign In", Macs open Teams, Outlook or
 * office.com. Some sign-ins are interrupted first, as real logs show them: the "Keep me signed in?"
 * prompt in a browser (50140), a multifactor prompt (50074), now and then a mistyped password (50126),
 * logged as failures with the same correlation id a few seconds before the success.
 */
export const RETENTION = 30 * DAY;

interface App {
  id: string;
  name: string;
  resourceId: string;
  resource: string;
  browser: boolean;
}

/** Microsoft's first-party application ids, as sign-in logs name them. */
const WINDOWS: App = {
  id: "38aa3b87-a06d-4817-b275-7a316988d93b",
  name: "Windows Sign In",
  resourceId: "00000002-0000-0000-c000-000000000000",
  resource: "Windows Azure Active Directory",
  browser: false,
};
const TEAMS: App = {
  id: "1fec8e78-bce4-4aaf-ab1b-5451cc387264",
  name: "Microsoft Teams",
  resourceId: "cc15fd57-2c6c-4117-a88c-83b1d56b4bbe",
  resource: "Microsoft Teams Services",
  browser: false,
};
const OUTLOOK: App = {
  id: "d3590ed6-52b3-4102-aeff-aad2292ab01c",
  name: "Microsoft Office",
  resourceId: "00000002-0000-0ff1-ce00-000000000000",
  resource: "Office 365 Exchange Online",
  browser: false,
};
const OFFICE_WEB: App = {
  id: "4765445b-32c6-49b0-83e6-1d93765276ca",
  name: "OfficeHome",
  resourceId: "4765445b-32c6-49b0-83e6-1d93765276ca",
  resource: "OfficeHome",
  browser: true,
};

/** Where each zone's people sign in from: city, state, country code, coordinates of the city. */
const PLACES: Record<string, [string, string, string, number, number]> = {
  "America/Los_Angeles": ["Los Angeles", "California", "US", 34.0522, -118.2437],
  "America/Denver": ["Denver", "Colorado", "US", 39.7392, -104.9903],
  "America/Chicago": ["Chicago", "Illinois", "US", 41.8781, -87.6298],
  "America/New_York": ["New York", "New York", "US", 40.7128, -74.006],
  "America/Sao_Paulo": ["Sao Paulo", "Sao Paulo", "BR", -23.5505, -46.6333],
  "Europe/London": ["London", "England", "GB", 51.5074, -0.1278],
  "Europe/Berlin": ["Berlin", "Berlin", "DE", 52.52, 13.405],
  "Europe/Warsaw": ["Warsaw", "Mazowieckie", "PL", 52.2297, 21.0122],
  "Europe/Helsinki": ["Helsinki", "Uusimaa", "FI", 60.1699, 24.9384],
  "Africa/Lagos": ["Lagos", "Lagos", "NG", 6.5244, 3.3792],
  "Asia/Kolkata": ["Kolkata", "West Bengal", "IN", 22.5726, 88.3639],
  "Asia/Singapore": ["Singapore", "Singapore", "SG", 1.3521, 103.8198],
  "Asia/Tokyo": ["Tokyo", "Tokyo", "JP", 35.6762, 139.6503],
  "Australia/Sydney": ["Sydney", "New South Wales", "AU", -33.8688, 151.2093],
};

/** One person's laptop and network: the same on every sign-in (keyed by the user). */
interface Device {
  mac: boolean;
  id: string;
  name: string;
  ip: string;
}

function deviceOf(c: GraphContext, u: GraphUser): Device {
  const r = rngFactory(c.seed)(`graph/signin/${u.key}/device`);
  const mac = !u.staff && r.chance(0.4);
  const name = mac ? `${u.firstName.replace(/[^A-Za-z]/g, "")}s-MacBook-Pro` : `LAPTOP-${r.hex(8).toUpperCase()}`;
  // Documentation ranges (RFC 5737): realistic addresses that belong to nobody.
  const ip = `${r.pick(["192.0.2", "198.51.100", "203.0.113"])}.${r.int(2, 254)}`;
  return { mac, id: c.guid(`device/${u.key}`), name, ip };
}

/** Chrome's and Edge's major version at an instant: 131 shipped on 2024-11-12, one every four weeks. */
function browserMajor(at: number): number {
  return 131 + Math.floor((at - Date.UTC(2024, 10, 12)) / (28 * DAY));
}

function appFor(d: Device, r: Rng, reason: SignInEvent["reason"]): App {
  // Conditional access's sign-in frequency finds people mid-session, in whatever app asked for a token.
  if (reason === "frequency")
    return r.weighted([
      [TEAMS, 3],
      [OUTLOOK, 2],
      [OFFICE_WEB, 1],
    ]);
  return d.mac
    ? r.weighted([
        [TEAMS, 5],
        [OUTLOOK, 2],
        [OFFICE_WEB, 3],
      ])
    : r.weighted([
        [WINDOWS, 6],
        [TEAMS, 2],
        [OFFICE_WEB, 2],
      ]);
}

const INTERRUPTS = {
  kmsi: {
    errorCode: 50140,
    failureReason: "This error occurred due to 'Keep me signed in' interrupt when the user was signing in.",
    additionalDetails: null,
  },
  mfa: { errorCode: 50074, failureReason: "Strong Authentication is required.", additionalDetails: "MFA required in Azure AD" },
  password: {
    errorCode: 50126,
    failureReason: "Error validating credentials due to invalid username or password.",
    additionalDetails: null,
  },
};

/** The tenant's conditional access policies, as each sign-in reports them. */
function policies(c: GraphContext, applied: boolean): JsonObject[] {
  return [
    {
      id: c.guid("ca/mfa"),
      displayName: "Require multifactor authentication for all users",
      enforcedGrantControls: applied ? ["Mfa"] : [],
      enforcedSessionControls: applied ? ["SignInFrequency"] : [],
      result: applied ? "success" : "notApplied",
    },
    {
      id: c.guid("ca/legacy"),
      displayName: "Block legacy authentication",
      enforcedGrantControls: [],
      enforcedSessionControls: [],
      result: "notApplied",
    },
  ];
}

/** One entry of the log: a sign-in, or the interrupted attempt before it (`status.errorCode` not 0). */
function signIn(
  c: GraphContext,
  e: SignInEvent,
  d: Device,
  app: App,
  at: number,
  correlationId: string,
  status: { errorCode: number; failureReason: string | null; additionalDetails: string | null },
): JsonObject {
  const u = e.user;
  const [city, state, countryOrRegion, latitude, longitude] = PLACES[u.timeZone] ?? PLACES["Europe/London"]!;
  const browser = app.browser ? `${d.mac ? "Chrome" : "Edge"} ${browserMajor(at)}.0.0` : "";
  return {
    id: c.guid(`signin/${u.key}/${at}/${status.errorCode}`),
    createdDateTime: isoSeconds(at),
    userDisplayName: u.name,
    userPrincipalName: u.email,
    userId: u.id,
    appId: app.id,
    appDisplayName: app.name,
    ipAddress: d.ip,
    clientAppUsed: app.browser ? "Browser" : "Mobile Apps and Desktop clients",
    correlationId,
    conditionalAccessStatus: status.errorCode === 0 ? "success" : "notApplied",
    isInteractive: true,
    riskDetail: "hidden",
    riskLevelAggregated: "hidden",
    riskLevelDuringSignIn: "hidden",
    riskState: "none",
    riskEventTypes: [],
    riskEventTypes_v2: [],
    resourceDisplayName: app.resource,
    resourceId: app.resourceId,
    status,
    deviceDetail: {
      deviceId: d.id,
      displayName: d.name,
      operatingSystem: d.mac ? "MacOs" : "Windows 10",
      browser,
      isCompliant: true,
      isManaged: true,
      trustType: d.mac ? "Azure AD registered" : "Azure AD joined",
    },
    location: { city, state, countryOrRegion, geoCoordinates: { altitude: null, latitude, longitude } },
    appliedConditionalAccessPolicies: policies(c, status.errorCode === 0),
  };
}

/** The log's entries within retention, newest first (ties by id, the frozen order). */
export function signInLog(c: GraphContext): JsonObject[] {
  const rng = rngFactory(c.seed);
  const devices = new Map<GraphUser, Device>();
  const out: Array<{ at: number; body: JsonObject }> = [];
  for (const e of signInEvents(c)) {
    if (e.at < c.asOf - RETENTION - HOUR) continue;
    const d = devices.get(e.user) ?? devices.set(e.user, deviceOf(c, e.user)).get(e.user)!;
    const r = rng(`graph/signin/${e.user.key}/${e.at}/entry`);
    const app = appFor(d, r, e.reason);
    const correlationId = c.guid(`signin/${e.user.key}/${e.at}/correlation`);
    // Windows logon satisfies MFA with Windows Hello; the others may prompt first.
    const interrupt =
      app.browser && r.chance(0.3)
        ? INTERRUPTS.kmsi
        : app !== WINDOWS && r.chance(0.08)
          ? INTERRUPTS.mfa
          : r.chance(0.02)
            ? INTERRUPTS.password
            : undefined;
    if (interrupt) {
      const before = e.at - r.int(15, 110) * 1000;
      out.push({ at: before, body: signIn(c, e, d, app, before, correlationId, interrupt) });
    }
    const details = interrupt === INTERRUPTS.mfa ? "MFA completed in Azure AD" : "MFA requirement satisfied by claim in the token";
    out.push({
      at: e.at,
      body: signIn(c, e, d, app, e.at, correlationId, { errorCode: 0, failureReason: null, additionalDetails: details }),
    });
  }
  return out
    .filter((x) => x.at >= c.asOf - RETENTION)
    .sort((a, b) => b.at - a.at || cmp(String(a.body.id), String(b.body.id)))
    .map((x) => x.body);
}

/** `auditLogs/signIns` (1,000 a page, Graph's default and maximum) and each entry by id. */
export function* signInResources(c: GraphContext): Generator<Resource> {
  const meta = `${c.pin.origin}/${V}/$metadata`;
  const log = signInLog(c);
  yield* collectionPages(signInPagination(c.pin.origin), `${V}/auditLogs/signIns`, `${meta}#auditLogs/signIns`, log);
  for (const s of log)
    yield { path: `${V}/auditLogs/signIns/${String(s.id)}`, body: { "@odata.context": `${meta}#auditLogs/signIns/$entity`, ...s } };
}
