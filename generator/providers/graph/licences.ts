import { createHash } from "node:crypto";
import type { JsonObject } from "../../core/provider.js";
import { isoSeconds } from "../../world/clock.js";
import type { GraphContext, GraphUser } from "./context.js";

/**
 * The tenant's licences (`/subscribedSkus`, `/users/{id}/licenseDetails`) and the organization. Everyone
 * holds Microsoft 365 E3; the Data team and Sales also hold Power BI Pro. SKU and service plan ids are
 * Microsoft's published ones (https://learn.microsoft.com/entra/identity/users/licensing-service-plan-reference).
 */
interface Sku {
  skuId: string;
  skuPartNumber: string;
  plans: Array<[id: string, name: string]>;
  holds(u: GraphUser): boolean;
}

const SKUS: Sku[] = [
  {
    skuId: "05e9a617-0261-4cee-bb44-138d3ef5d965",
    skuPartNumber: "SPE_E3",
    plans: [
      ["efb87545-963c-4e0d-99df-69c6916d9eb0", "EXCHANGE_S_ENTERPRISE"],
      ["5dbe027f-2339-4123-9542-606e4d348a72", "SHAREPOINTENTERPRISE"],
      ["57ff2da0-773e-42df-b2af-ffb7a2317929", "TEAMS1"],
      ["43de0ff5-c92c-492b-9116-175376d08c38", "OFFICESUBSCRIPTION"],
    ],
    holds: () => true,
  },
  {
    skuId: "f8a1db68-be16-40ed-86d5-cb42ce701560",
    skuPartNumber: "POWER_BI_PRO",
    plans: [["70d33638-9c74-4d01-bfd3-562de28bd4ba", "BI_AZURE_P2"]],
    holds: (u) => u.department === "Data" || u.department === "Sales",
  },
];

export function licensesOf(_c: GraphContext, u: GraphUser): Sku[] {
  return SKUS.filter((s) => s.holds(u));
}

const plans = (s: Sku) =>
  s.plans.map(([servicePlanId, servicePlanName]) => ({ servicePlanId, servicePlanName, provisioningStatus: "Success", appliesTo: "User" }));

/** A licence detail's id: Graph spells it as 43 base64url characters. */
export function licenseDetails(c: GraphContext, u: GraphUser, s: Sku): JsonObject {
  const id = createHash("sha256").update(`${c.seed}\u0000graph\u0000licence/${u.key}/${s.skuId}`).digest("base64url");
  return { id, skuId: s.skuId, skuPartNumber: s.skuPartNumber, servicePlans: plans(s) };
}

export function subscribedSkus(c: GraphContext): JsonObject[] {
  return SKUS.map((s) => {
    const consumed = c.users.filter((u) => s.holds(u)).length;
    return {
      accountName: c.world.company.name,
      accountId: c.tenantId,
      appliesTo: "User",
      capabilityStatus: "Enabled",
      consumedUnits: consumed,
      id: `${c.tenantId}_${s.skuId}`,
      prepaidUnits: { enabled: Math.ceil((consumed + 5) / 10) * 10, lockedOut: 0, suspended: 0, warning: 0 },
      servicePlans: plans(s),
      skuId: s.skuId,
      skuPartNumber: s.skuPartNumber,
      subscriptionIds: [c.guid(`subscription/${s.skuPartNumber}`)],
    };
  });
}

export function organization(c: GraphContext): JsonObject {
  const company = c.world.company;
  const since = isoSeconds(company.foundedAt);
  return {
    id: c.tenantId,
    deletedDateTime: null,
    businessPhones: [],
    city: null,
    country: null,
    countryLetterCode: "US",
    createdDateTime: since,
    defaultUsageLocation: null,
    displayName: company.name,
    marketingNotificationEmails: [],
    onPremisesLastSyncDateTime: null,
    onPremisesSyncEnabled: null,
    partnerTenantType: null,
    postalCode: null,
    preferredLanguage: "en",
    securityComplianceNotificationMails: [],
    securityComplianceNotificationPhones: [],
    state: null,
    street: null,
    technicalNotificationMails: [c.me.email],
    tenantType: "AAD",
    privacyProfile: null,
    assignedPlans: SKUS.flatMap((s) =>
      s.plans.map(([servicePlanId, name]) => ({
        assignedDateTime: since,
        capabilityStatus: "Enabled",
        service: serviceOf(name),
        servicePlanId,
      })),
    ),
    provisionedPlans: SKUS.flatMap((s) =>
      s.plans.map(([, name]) => ({ capabilityStatus: "Enabled", provisioningStatus: "Success", service: serviceOf(name) })),
    ),
    verifiedDomains: [
      { capabilities: "Email, OfficeCommunicationsOnline", isDefault: true, isInitial: false, name: company.domain, type: "Managed" },
      {
        capabilities: "Email, OfficeCommunicationsOnline",
        isDefault: false,
        isInitial: true,
        name: `${company.slug}.onmicrosoft.com`,
        type: "Managed",
      },
    ],
  };
}

function serviceOf(plan: string): string {
  return (
    {
      EXCHANGE_S_ENTERPRISE: "exchange",
      SHAREPOINTENTERPRISE: "SharePoint",
      TEAMS1: "TeamspaceAPI",
      OFFICESUBSCRIPTION: "MicrosoftOffice",
      BI_AZURE_P2: "PowerBI",
    }[plan] ?? plan
  );
}
