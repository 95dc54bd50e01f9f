import type { ParamClasses } from "../../core/param-classes.js";

/**
 * Every query parameter of the OpenAI description's GET operations that this provider serves (the
 * organization admin API, files and models), in one class each (issue 37;
 * test/providers/openai/parameter-classes.test.ts). A bare name holds on every served operation;
 * `<path> <name>` on one. Bracketed array names (`event_types[]`) are folded to their bare name by the
 * query engine and by usage.ts alike.
 */
const LOGS = "/organization/audit_logs";
const USAGE = "usage.ts: a filter or grouping of the usage rows";

export const openaiParams: ParamClasses = {
  unserved: [
    "/organization/projects/{project_id}/certificates",
    "/organization/projects/{project_id}/data_retention",
    "/organization/projects/{project_id}/groups",
    "/organization/projects/{project_id}/groups/{group_id}",
    "/organization/projects/{project_id}/hosted_tool_permissions",
    "/organization/projects/{project_id}/model_permissions",
    "/organization/projects/{project_id}/rate_limits",
    "/organization/projects/{project_id}/service_accounts",
    "/organization/projects/{project_id}/service_accounts/{service_account_id}",
    "/organization/projects/{project_id}/spend_alerts",
    "/organization/projects/{project_id}/spend_alerts/{alert_id}",
    "/organization/projects/{project_id}/spend_limit",
    "/organization/users/{user_id}/roles",
    "/organization/users/{user_id}/roles/{role_id}",
  ],
  computed: {
    limit: "pagination (after-id): 20 by default, 100 at most (files: 10,000), anything else a 400",
    after: "pagination (after-id): the items after that id",
    order: "profiles.ts: created_at ascending or descending",
    purpose: "profiles.ts: the file's purpose, any of a comma list",
    emails: "profiles.ts: the user's email, any of them, case-insensitive",
    owner_project_access: "profiles.ts: active|inactive|any, anything else a 400",
    [`${LOGS} event_types[]`]: "profiles.ts: the event's type, any of them",
    [`${LOGS} project_ids[]`]: "profiles.ts: the event's project",
    [`${LOGS} actor_ids[]`]: "profiles.ts: the acting user's id",
    [`${LOGS} actor_emails[]`]: "profiles.ts: the acting user's email, case-insensitive",
    [`${LOGS} tenant_only`]: "profiles.ts: no event of this organization is tenant-scoped: true selects none",
    [`${LOGS} before`]: "pagination (after-id's beforeParam): the page that ends just before that id",
    [`${LOGS} effective_at`]: "profiles.ts: effective_at[gte|gt|lte|lt], the deep-object form the SDK sends",
    start_time: "usage.ts: required; the first bucket, aligned down to the bucket width",
    end_time: "usage.ts: the end of the window, at most the as-of",
    bucket_width: "usage.ts: 1m|1h|1d (costs: 1d), anything else a 400 naming the widths",
    page: "usage.ts: the next_page cursor; a cursor it did not give is a 400",
    group_by: "usage.ts: each grouping the endpoint lists, anything else a 400",
    project_ids: USAGE,
    user_ids: USAGE,
    api_key_ids: USAGE,
    models: USAGE,
    batch: USAGE,
    sizes: "usage.ts: no image usage is recorded, so every size selects nothing",
    sources: "usage.ts: no image usage is recorded, so every source selects nothing",
    vector_store_ids: "usage.ts: no file-search usage is recorded, so every id selects nothing",
    context_levels: "usage.ts: web-search calls carry no context level here, so every level selects nothing",
  },
  refused: {},
  ignored: {
    "/organization/projects include_archived":
      "no project of this organization is archived, so the list is the same with or without it (profiles.ts)",
  },
  unhandled: {
    [`${LOGS} resource_ids[]`]: "the resource an event names sits under a key named by its type, which the filters cannot address",
  },
};
