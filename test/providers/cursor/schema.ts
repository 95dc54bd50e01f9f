import { z } from "zod";

/**
 * Cursor publishes no OpenAPI description of its Admin API or AI Code Tracking API, and has no client on
 * the registry: these zod schemas are written from its documentation (https://cursor.com/docs/account/teams/admin-api,
 * https://cursor.com/docs/account/teams/ai-code-tracking-api, https://cursor.com/docs/api), with the
 * documented fields, their types, nullability and enumerations. Objects are strict: a field the docs do
 * not name fails the check. Where the docs list fields in an order, tests compare key order separately.
 */
const count = z.number().int().nonnegative();
const epochMs = z.number().int().nonnegative();
const cents = z.number().nonnegative();
const iso = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const encodedId = z.string().regex(/^user_[A-Za-z0-9]{20,}$/);

export const errorBody = z.object({ error: z.string(), message: z.string() }).strict();

export const member = z
  .object({
    id: encodedId,
    name: z.string(),
    email: z.email(),
    role: z.enum(["owner", "member", "free-owner"]),
    isRemoved: z.boolean(),
  })
  .strict();

export const members = z.object({ teamMembers: z.array(member) }).strict();

/** `/teams/daily-usage-data` rows: every documented field, in this order. */
export const DAILY_FIELDS = [
  "userId",
  "day",
  "date",
  "isActive",
  "totalLinesAdded",
  "totalLinesDeleted",
  "acceptedLinesAdded",
  "acceptedLinesDeleted",
  "totalApplies",
  "totalAccepts",
  "totalRejects",
  "totalTabsShown",
  "totalTabsAccepted",
  "composerRequests",
  "chatRequests",
  "agentRequests",
  "cmdkUsages",
  "subscriptionIncludedReqs",
  "apiKeyReqs",
  "usageBasedReqs",
  "bugbotUsages",
  "mostUsedModel",
  "applyMostUsedExtension",
  "tabMostUsedExtension",
  "clientVersion",
  "email",
];

export const dailyRow = z
  .object({
    userId: z.number().int().positive(),
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    date: epochMs,
    isActive: z.boolean(),
    totalLinesAdded: count,
    totalLinesDeleted: count,
    acceptedLinesAdded: count,
    acceptedLinesDeleted: count,
    totalApplies: count,
    totalAccepts: count,
    totalRejects: count,
    totalTabsShown: count,
    totalTabsAccepted: count,
    composerRequests: count,
    chatRequests: count,
    agentRequests: count,
    cmdkUsages: count,
    subscriptionIncludedReqs: count,
    apiKeyReqs: count,
    usageBasedReqs: count,
    bugbotUsages: count,
    mostUsedModel: z.string().nullable(),
    applyMostUsedExtension: z.string().nullable(),
    tabMostUsedExtension: z.string().nullable(),
    clientVersion: z.string().nullable(),
    email: z.email(),
  })
  .strict();

const period = z.object({ startDate: epochMs, endDate: epochMs }).strict();

export const dailyUsage = z
  .object({
    data: z.array(dailyRow),
    period,
    pagination: z
      .object({
        page: z.number().int().positive(),
        pageSize: z.number().int().positive(),
        totalUsers: count,
        totalPages: count,
        hasNextPage: z.boolean(),
        hasPreviousPage: z.boolean(),
      })
      .strict()
      .optional(),
  })
  .strict();

export const SPEND_FIELDS = [
  "userId",
  "spendCents",
  "overallSpendCents",
  "fastPremiumRequests",
  "name",
  "email",
  "role",
  "hardLimitOverrideDollars",
  "monthlyLimitDollars",
  "effectivePerUserLimitDollars",
];

export const spendRow = z
  .object({
    userId: encodedId,
    spendCents: cents,
    overallSpendCents: cents,
    fastPremiumRequests: count,
    name: z.string(),
    email: z.email(),
    role: z.string(),
    hardLimitOverrideDollars: z.number().nonnegative(),
    monthlyLimitDollars: z.number().nonnegative().nullable(),
    effectivePerUserLimitDollars: z.number().nonnegative(),
  })
  .strict();

export const spend = z
  .object({ teamMemberSpend: z.array(spendRow), subscriptionCycleStart: epochMs, totalMembers: count, totalPages: count })
  .strict();

export const EVENT_FIELDS = [
  "timestamp",
  "userEmail",
  "model",
  "kind",
  "maxMode",
  "requestsCosts",
  "isTokenBasedCall",
  "isChargeable",
  "isHeadless",
  "tokenUsage",
  "chargedCents",
];

export const usageEvent = z
  .object({
    timestamp: z.string().regex(/^\d{13}$/),
    userEmail: z.email(),
    serviceAccountId: z.string().optional(),
    serviceAccountName: z.string().optional(),
    cloudAgentId: z.string().optional(),
    automationId: z.string().optional(),
    conversationId: z.string().optional(),
    model: z.string(),
    kind: z.string(),
    maxMode: z.boolean(),
    requestsCosts: z.number().nonnegative(),
    isTokenBasedCall: z.boolean(),
    isChargeable: z.boolean(),
    isHeadless: z.boolean(),
    tokenUsage: z
      .object({
        inputTokens: count,
        outputTokens: count,
        cacheWriteTokens: count,
        cacheReadTokens: count,
        totalCents: cents,
        discountPercentOff: z.number().optional(),
      })
      .strict()
      .optional(),
    chargedCents: cents,
    cursorTokenFee: cents.optional(),
  })
  .strict();

export const usageEvents = z
  .object({
    totalUsageEventsCount: count,
    pagination: z
      .object({
        numPages: count,
        currentPage: z.number().int().positive(),
        pageSize: z.number().int().positive(),
        hasNextPage: z.boolean(),
        hasPreviousPage: z.boolean(),
      })
      .strict(),
    usageEvents: z.array(usageEvent),
    period,
  })
  .strict();

export const COMMIT_FIELDS = [
  "commitHash",
  "userId",
  "userEmail",
  "repoName",
  "branchName",
  "isPrimaryBranch",
  "commitSource",
  "totalLinesAdded",
  "totalLinesDeleted",
  "tabLinesAdded",
  "tabLinesDeleted",
  "composerLinesAdded",
  "composerLinesDeleted",
  "nonAiLinesAdded",
  "nonAiLinesDeleted",
  "message",
  "commitTs",
  "createdAt",
];

export const aiCommit = z
  .object({
    commitHash: z.string().regex(/^[0-9a-f]{7,40}$/),
    userId: encodedId,
    userEmail: z.email(),
    repoName: z.string().nullable(),
    branchName: z.string().nullable(),
    isPrimaryBranch: z.boolean().nullable(),
    commitSource: z.enum(["ide", "cli", "cloud"]),
    totalLinesAdded: count,
    totalLinesDeleted: count,
    tabLinesAdded: count,
    tabLinesDeleted: count,
    composerLinesAdded: count,
    composerLinesDeleted: count,
    nonAiLinesAdded: count.nullable(),
    nonAiLinesDeleted: count.nullable(),
    message: z.string().nullable(),
    commitTs: iso.nullable(),
    createdAt: iso,
  })
  .strict();

export const aiChange = z
  .object({
    changeId: z.string().regex(/^\d+$/),
    userId: encodedId,
    userEmail: z.email(),
    source: z.enum(["TAB", "COMPOSER"]),
    model: z.string().nullable(),
    totalLinesAdded: count,
    totalLinesDeleted: count,
    createdAt: iso,
    metadata: z.array(
      z.object({ fileName: z.string().optional(), fileExtension: z.string().optional(), linesAdded: count, linesDeleted: count }).strict(),
    ),
  })
  .strict();

const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), totalCount: count, page: z.number().int().positive(), pageSize: z.number().int().positive() }).strict();
export const aiCommits = listOf(aiCommit);
export const aiChanges = listOf(aiChange);

export const spendLimitReply = z.object({ outcome: z.enum(["success", "error"]), message: z.string() }).strict();
export const removeMemberReply = z.object({ success: z.literal(true), userId: encodedId, hasBillingCycleUsage: z.boolean() }).strict();

/** The schema of a served body by path (the frozen data files hold rows in the API's own shapes). */
export function validateCursor(path: string, body: unknown): string | undefined {
  const schema =
    path === "teams/members"
      ? members
      : path === "analytics/ai-code/commits"
        ? aiCommits
        : path === "analytics/ai-code/changes"
          ? aiChanges
          : path === "_snapverse/cursor/daily-usage.json"
            ? z.array(dailyRow)
            : path === "_snapverse/cursor/ai-code-commits.json"
              ? z.array(aiCommit)
              : path === "_snapverse/cursor/ai-code-changes.json"
                ? z.array(aiChange)
                : undefined;
  if (!schema) return undefined;
  const r = schema.safeParse(body);
  return r.success
    ? undefined
    : r.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join(".")}: ${i.message}`)
        .join("; ");
}
