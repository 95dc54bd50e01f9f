import { z } from "zod";

/**
 * Validators for the Anthropic API answers the live host serves. Anthropic's OpenAPI description is
 * published only as the Stainless artifact the SDKs are generated from (its URL is in the SDK repos'
 * `.stats.yml`, on storage.googleapis.com); no copy of it is available offline here (not in
 * ../shared/specs, not in @anthropic-ai/sdk, not in any stored repository). So these are written from
 * the API reference (platform.claude.com/docs/en/api/…: models, messages, admin users, invites,
 * workspaces, workspace members, API keys, usage_report/messages, cost_report, usage_report/claude_code)
 * and the response types of @anthropic-ai/sdk 1.12.0 (`ModelInfo`, `Message`, `Raw*Event`,
 * `OrganizationUser`, `OrganizationInvite`, `Workspace`, `WorkspaceMember`, `APIKey`, `OrganizationInfo`).
 * Objects are strict: an undocumented field fails, as does a missing one or a wrong type.
 */

const time = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/, "an RFC 3339 UTC time");
const id = (prefix: string) => z.string().regex(new RegExp(`^${prefix}_01[1-9A-HJ-NP-Za-km-z]{22}$`), `a ${prefix}_ id`);
const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
const count = z.number().int().nonnegative();
const support = z.strictObject({ supported: z.boolean() });

/** `{data, has_more, first_id, last_id}` of the SDK's `Page`. */
const page = <T extends z.ZodType>(item: T) =>
  z.strictObject({ data: z.array(item), has_more: z.boolean(), first_id: z.string().nullable(), last_id: z.string().nullable() });

export const modelInfo = z.strictObject({
  type: z.literal("model"),
  id: z.string().regex(/^claude-[a-z0-9-]+$/),
  display_name: z.string(),
  created_at: time,
  capabilities: z
    .strictObject({
      batch: support,
      citations: support,
      code_execution: support,
      context_management: z.strictObject({
        clear_thinking_20251015: support.nullable(),
        clear_tool_uses_20250919: support.nullable(),
        compact_20260112: support.nullable(),
        supported: z.boolean(),
      }),
      effort: z.strictObject({
        high: support,
        low: support,
        max: support,
        medium: support,
        supported: z.boolean(),
        xhigh: support.nullable(),
      }),
      image_input: support,
      pdf_input: support,
      server_tools: z.strictObject({ code_execution: support, supported: z.boolean(), web_search: support }),
      structured_outputs: support,
      thinking: z.strictObject({
        supported: z.boolean(),
        types: z.strictObject({ adaptive: support, between_tools: support, disabled: support, enabled: support }),
      }),
    })
    .nullable(),
  deprecated_at: time.nullable(),
  lifecycle: z.enum(["active", "deprecated", "retired"]),
  line: z.enum(["haiku", "sonnet", "opus", "fable", "mythos"]).nullable(),
  max_input_tokens: z.number().int().positive().nullable(),
  max_tokens: z.number().int().positive().nullable(),
  retires_at: time.nullable(),
});

const ROLES = [
  "admin",
  "billing",
  "claude_code_user",
  "developer",
  "managed",
  "membership_admin",
  "owner",
  "primary_owner",
  "user",
] as const;

export const organization = z.strictObject({ type: z.literal("organization"), id: uuid, name: z.string() });

export const user = z.strictObject({
  type: z.literal("user"),
  id: id("user"),
  email: z.string().email(),
  name: z.string(),
  role: z.enum(ROLES),
  added_at: time,
});

export const invite = z.strictObject({
  type: z.literal("invite"),
  id: id("invite"),
  email: z.string().email(),
  role: z.enum(ROLES),
  invited_at: time,
  expires_at: time,
  status: z.enum(["accepted", "deleted", "expired", "pending"]),
  accepted_at: time.nullable(),
  rbac_group_ids: z.array(z.string()),
});

export const workspace = z.strictObject({
  type: z.literal("workspace"),
  id: id("wrkspc"),
  name: z.string(),
  created_at: time,
  archived_at: time.nullable(),
  display_color: z.string().regex(/^#[0-9a-f]{6}$/i),
  data_residency: z.strictObject({
    workspace_geo: z.literal("us"),
    allowed_inference_geos: z.union([z.literal("unrestricted"), z.array(z.enum(["global", "us"]))]),
    default_inference_geo: z.enum(["global", "us"]),
  }),
  compartment_id: z.string(),
  external_key_id: z.string().nullable(),
  tags: z.record(z.string(), z.string()),
  user_profile_id: z.string().nullable(),
});

export const member = z.strictObject({
  type: z.literal("workspace_member"),
  user_id: id("user"),
  workspace_id: id("wrkspc"),
  workspace_role: z.enum([
    "workspace_admin",
    "workspace_billing",
    "workspace_developer",
    "workspace_restricted_developer",
    "workspace_user",
  ]),
});

export const apiKey = z.strictObject({
  type: z.literal("api_key"),
  id: id("apikey"),
  name: z.string(),
  created_at: time,
  created_by: z.strictObject({ id: z.string(), type: z.enum(["service_account", "user"]) }).nullable(),
  expires_at: time.nullable(),
  partial_key_hint: z.string().nullable(),
  principal: z
    .union([
      z.strictObject({ type: z.literal("user_actor"), user_id: id("user") }),
      z.strictObject({ type: z.literal("service_account_actor"), service_account_id: z.string() }),
    ])
    .nullable(),
  scope: z.union([
    z.strictObject({ type: z.literal("workspace"), workspace_id: id("wrkspc") }),
    z.strictObject({ type: z.literal("organization") }),
  ]),
  status: z.enum(["active", "archived", "expired", "inactive"]),
});

// --- Messages ---------------------------------------------------------------------------------------------

const usage = z.strictObject({
  input_tokens: count,
  cache_creation_input_tokens: count.nullable(),
  cache_read_input_tokens: count.nullable(),
  cache_creation: z.strictObject({ ephemeral_5m_input_tokens: count, ephemeral_1h_input_tokens: count }).nullable(),
  output_tokens: count,
  service_tier: z.enum(["standard", "priority", "batch"]).nullable(),
  inference_geo: z.string().nullable(),
});

const stopReason = z.enum([
  "end_turn",
  "max_tokens",
  "stop_sequence",
  "tool_use",
  "pause_turn",
  "refusal",
  "model_context_window_exceeded",
]);

export const message = z.strictObject({
  id: id("msg"),
  type: z.literal("message"),
  role: z.literal("assistant"),
  model: z.string(),
  content: z.array(z.strictObject({ type: z.literal("text"), text: z.string() })),
  stop_reason: stopReason.nullable(),
  stop_sequence: z.string().nullable(),
  usage,
});

export const tokensCount = z.strictObject({ input_tokens: count });

export const streamEvent = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("message_start"),
    message: message.extend({ content: z.array(z.never()), stop_reason: z.null(), stop_sequence: z.null() }).strict(),
  }),
  z.strictObject({
    type: z.literal("content_block_start"),
    index: count,
    content_block: z.strictObject({ type: z.literal("text"), text: z.literal("") }),
  }),
  z.strictObject({ type: z.literal("ping") }),
  z.strictObject({
    type: z.literal("content_block_delta"),
    index: count,
    delta: z.strictObject({ type: z.literal("text_delta"), text: z.string() }),
  }),
  z.strictObject({ type: z.literal("content_block_stop"), index: count }),
  z.strictObject({
    type: z.literal("message_delta"),
    delta: z.strictObject({ stop_reason: stopReason.nullable(), stop_sequence: z.string().nullable() }),
    usage: z.strictObject({
      input_tokens: count.nullable(),
      cache_creation_input_tokens: count.nullable(),
      cache_read_input_tokens: count.nullable(),
      output_tokens: count,
    }),
  }),
  z.strictObject({ type: z.literal("message_stop") }),
]);

export const errorBody = z.strictObject({
  type: z.literal("error"),
  error: z.strictObject({
    type: z.enum([
      "invalid_request_error",
      "authentication_error",
      "billing_error",
      "permission_error",
      "not_found_error",
      "request_too_large",
      "rate_limit_error",
      "api_error",
      "timeout_error",
      "overloaded_error",
    ]),
    message: z.string(),
  }),
  request_id: z.string().regex(/^req_011C[1-9A-HJ-NP-Za-km-z]{20}$/),
});

// --- Reports ----------------------------------------------------------------------------------------------

const nullableEnum = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values).nullable();
const GEOS = ["global", "not_available", "us"] as const;
const WINDOWS = ["0-200k", "200k-1M"] as const;

export const usageResult = z.strictObject({
  uncached_input_tokens: count,
  cache_creation: z.strictObject({ ephemeral_1h_input_tokens: count, ephemeral_5m_input_tokens: count }),
  cache_read_input_tokens: count,
  output_tokens: count,
  server_tool_use: z.strictObject({ web_search_requests: count }),
  api_key_id: id("apikey").nullable(),
  workspace_id: id("wrkspc").nullable(),
  model: z.string().nullable(),
  service_tier: nullableEnum(["batch", "flex", "flex_discount", "priority", "priority_on_demand", "standard"]),
  context_window: nullableEnum(WINDOWS),
  inference_geo: nullableEnum(GEOS),
  account_id: z.string().nullable(),
  service_account_id: z.string().nullable(),
  speed: nullableEnum(["fast", "standard"]).optional(),
});

const bucket = <T extends z.ZodType>(result: T) => z.strictObject({ starting_at: time, ending_at: time, results: z.array(result) });
const report = <T extends z.ZodType>(result: T) =>
  z.strictObject({ data: z.array(bucket(result)), has_more: z.boolean(), next_page: z.string().startsWith("page_").nullable() });

export const usageReport = report(usageResult);

export const costResult = z.strictObject({
  currency: z.literal("USD"),
  amount: z.string().regex(/^\d+(\.\d+)?$/, "cents as a decimal string"),
  workspace_id: id("wrkspc").nullable(),
  description: z.string().nullable(),
  cost_type: nullableEnum(["code_execution", "session_usage", "tokens", "web_search"]),
  context_window: nullableEnum(WINDOWS),
  model: z.string().nullable(),
  service_tier: nullableEnum(["batch", "standard"]),
  token_type: nullableEnum([
    "cache_creation.ephemeral_1h_input_tokens",
    "cache_creation.ephemeral_5m_input_tokens",
    "cache_read_input_tokens",
    "output_tokens",
    "uncached_input_tokens",
  ]),
  inference_geo: nullableEnum(GEOS),
});

export const costReport = report(costResult);

const toolCounts = z.strictObject({ accepted: count, rejected: count });

export const claudeCodeRecord = z.strictObject({
  date: time,
  actor: z.union([
    z.strictObject({ type: z.literal("user_actor"), email_address: z.string().email() }),
    z.strictObject({ type: z.literal("api_actor"), api_key_name: z.string() }),
  ]),
  organization_id: uuid,
  customer_type: z.enum(["api", "subscription"]),
  terminal_type: z.string(),
  core_metrics: z.strictObject({
    num_sessions: count,
    lines_of_code: z.strictObject({ added: count, removed: count }),
    commits_by_claude_code: count,
    pull_requests_by_claude_code: count,
  }),
  tool_actions: z.record(z.string(), toolCounts),
  model_breakdown: z.array(
    z.strictObject({
      model: z.string(),
      tokens: z.strictObject({ input: count, output: count, cache_read: count, cache_creation: count }),
      estimated_cost: z.strictObject({ currency: z.literal("USD"), amount: z.number().nonnegative() }),
    }),
  ),
  subscription_type: z.enum(["enterprise", "team"]).nullable().optional(),
});

export const claudeCodeReport = z.strictObject({
  data: z.array(claudeCodeRecord),
  has_more: z.boolean(),
  next_page: z.string().startsWith("page_").nullable(),
});

/** The legacy Claude Enterprise reports of `client.beta.organization.analytics` (`ReportPageCursor` pages). */
const analyticsDims = {
  product: z.string().nullable(),
  model: z.string().nullable(),
  context_window: nullableEnum(WINDOWS),
  inference_geo: nullableEnum(["global", "us"]),
  speed: nullableEnum(["fast", "standard"]),
  rbac_group_id: z.string().nullable(),
  slack_channel_id: z.string().nullable(),
  claude_tag_category: nullableEnum(["dm", "engaged", "monitoring", "proactive", "scheduled"]),
  claude_tag_user_id: z.string().nullable(),
};

export const analyticsUsageResult = z.strictObject({
  uncached_input_tokens: count,
  cache_creation: z.strictObject({ ephemeral_1h_input_tokens: count, ephemeral_5m_input_tokens: count }),
  cache_read_input_tokens: count,
  output_tokens: count,
  server_tool_use: z.strictObject({ web_search_requests: count }),
  requests: count.nullable(),
  ...analyticsDims,
});

export const analyticsCostResult = z.strictObject({
  amount: z.string().regex(/^\d+(\.\d+)?$/),
  list_amount: z.string().regex(/^\d+(\.\d+)?$/),
  currency: z.literal("USD"),
  cost_type: nullableEnum(["code_execution", "tokens", "web_search"]),
  requests: count.nullable(),
  token_type: nullableEnum([
    "cache_creation.ephemeral_1h_input_tokens",
    "cache_creation.ephemeral_5m_input_tokens",
    "cache_read_input_tokens",
    "output_tokens",
    "uncached_input_tokens",
  ]),
  ...analyticsDims,
});

const analyticsReport = <T extends z.ZodType>(result: T) =>
  z.strictObject({
    data: z.array(bucket(result)),
    has_more: z.boolean(),
    next_page: z.string().startsWith("page_").nullable(),
    data_refreshed_at: time.nullable(),
  });

export const analyticsUsageReport = analyticsReport(analyticsUsageResult);
export const analyticsCostReport = analyticsReport(analyticsCostResult);

// --- By path ------------------------------------------------------------------------------------------------

const ROUTES: Array<[RegExp, z.ZodType]> = [
  [/^v1\/models$/, page(modelInfo)],
  [/^v1\/models\/[^/]+$/, modelInfo],
  [/^v1\/organizations\/me$/, organization],
  [/^v1\/organizations\/users$/, page(user)],
  [/^v1\/organizations\/users\/[^/]+$/, user],
  [/^v1\/organizations\/invites$/, page(invite)],
  [/^v1\/organizations\/invites\/[^/]+$/, invite],
  [/^v1\/organizations\/workspaces$/, page(workspace)],
  [/^v1\/organizations\/workspaces\/[^/]+$/, workspace],
  [/^v1\/organizations\/workspaces\/[^/]+\/members$/, page(member)],
  [/^v1\/organizations\/workspaces\/[^/]+\/members\/[^/]+$/, member],
  [/^v1\/organizations\/api_keys$/, page(apiKey)],
  [/^v1\/organizations\/api_keys\/[^/]+$/, apiKey],
  [/^v1\/organizations\/usage_report\/messages$/, usageReport],
  [/^v1\/organizations\/cost_report$/, costReport],
  [/^v1\/organizations\/usage_report\/claude_code$/, claudeCodeReport],
  [/^v1\/organizations\/analytics\/usage_report$/, analyticsUsageReport],
  [/^v1\/organizations\/analytics\/cost_report$/, analyticsCostReport],
  // The host's private frozen data (never served): the Claude Code records by day.
  [/^_snapverse\/anthropic\/claude-code\.json$/, z.record(z.string().regex(/^\d{4}-\d{2}-\d{2}$/), z.array(claudeCodeRecord))],
];

/** Validation errors for a body served at `path` (`v1/…`), or undefined when it conforms. */
export function validateAnthropic(path: string, body: unknown): string | undefined {
  const schema = ROUTES.find(([re]) => re.test(path))?.[1];
  if (!schema) return `no schema for ${path}`;
  const result = schema.safeParse(body);
  return result.success
    ? undefined
    : `${path}: ${result.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join(".")}: ${i.message}`)
        .join("; ")}`;
}
