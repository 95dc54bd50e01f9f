import { z } from "zod";

/**
 * Validators for the GitLab REST v4 responses the pins serve. GitLab publishes no complete machine-readable
 * description of its REST API (doc/api/openapi/openapi_v3.yaml covers part of it and is not available
 * offline here), so these are written from GitLab's own response definitions: the Grape entities in
 * gitlab-org/gitlab `lib/api/entities/*.rb` (and `ee/lib/.../entities` for the EE fields GitLab.com
 * returns), the examples in `doc/api/*.md`, and cross-checked against @gitbeaker/core's TypeScript
 * schemas (node_modules/@gitbeaker/core/dist/index.d.ts). Objects are strict: a field GitLab does not
 * define fails validation, as does a missing one or a wrong type.
 */

const time = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(Z|[+-]\d{2}:\d{2})$/, "a GitLab timestamp");
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a date");
const sha = z.string().regex(/^[0-9a-f]{40}$/, "a SHA");
const url = z.string().regex(/^https?:\/\//, "an absolute URL");
const id = z.number().int().positive();
const nul = z.null();

const userBasic = z.strictObject({
  id,
  username: z.string(),
  name: z.string(),
  state: z.enum(["active", "blocked", "deactivated"]),
  locked: z.boolean(),
  avatar_url: url.nullable(),
  web_url: url,
});

const user = userBasic
  .extend({
    created_at: time,
    bio: z.string(),
    location: z.string().nullable(),
    public_email: z.string().nullable(),
    linkedin: z.string(),
    twitter: z.string(),
    discord: z.string(),
    website_url: z.string(),
    github: z.string(),
    organization: z.string().nullable(),
    job_title: z.string(),
    pronouns: z.string().nullable(),
    bot: z.boolean(),
    work_information: z.string().nullable(),
    local_time: z.string().nullable(),
    followers: z.number().int(),
    following: z.number().int(),
    is_followed: z.boolean(),
  })
  .strict();

const currentUser = user
  .extend({
    last_sign_in_at: time.nullable(),
    confirmed_at: time.nullable(),
    last_activity_on: date.nullable(),
    email: z.string(),
    theme_id: z.number().int(),
    color_scheme_id: z.number().int(),
    projects_limit: z.number().int(),
    current_sign_in_at: time.nullable(),
    identities: z.array(z.strictObject({ provider: z.string(), extern_uid: z.string() })),
    can_create_group: z.boolean(),
    can_create_project: z.boolean(),
    two_factor_enabled: z.boolean(),
    external: z.boolean(),
    private_profile: z.boolean(),
    commit_email: z.string(),
  })
  .strict();

const member = userBasic
  .extend({
    access_level: z.union([z.literal(10), z.literal(20), z.literal(30), z.literal(40), z.literal(50)]),
    created_at: time,
    created_by: userBasic.nullable(),
    expires_at: date.nullable(),
    group_saml_identity: nul,
    membership_state: z.enum(["active", "awaiting"]),
  })
  .strict();

const namespace = z.strictObject({
  id,
  name: z.string(),
  path: z.string(),
  kind: z.enum(["group", "user"]),
  full_path: z.string(),
  parent_id: id.nullable(),
  avatar_url: url.nullable(),
  web_url: url,
});

const accessLevel = z.enum(["disabled", "private", "enabled", "public"]);

const project = z.strictObject({
  id,
  description: z.string().nullable(),
  name: z.string(),
  name_with_namespace: z.string(),
  path: z.string(),
  path_with_namespace: z.string(),
  created_at: time,
  default_branch: z.string(),
  tag_list: z.array(z.string()),
  topics: z.array(z.string()),
  ssh_url_to_repo: z.string(),
  http_url_to_repo: url,
  web_url: url,
  readme_url: url.nullable(),
  forks_count: z.number().int(),
  avatar_url: url.nullable(),
  star_count: z.number().int(),
  last_activity_at: time,
  namespace,
  container_registry_image_prefix: z.string(),
  _links: z.strictObject({
    self: url,
    issues: url,
    merge_requests: url,
    repo_branches: url,
    labels: url,
    events: url,
    members: url,
    cluster_agents: url,
  }),
  packages_enabled: z.boolean(),
  empty_repo: z.boolean(),
  archived: z.boolean(),
  visibility: z.enum(["private", "internal", "public"]),
  resolve_outdated_diff_discussions: z.boolean(),
  container_expiration_policy: z.strictObject({
    cadence: z.string(),
    enabled: z.boolean(),
    keep_n: z.number().int().nullable(),
    older_than: z.string().nullable(),
    name_regex: z.string().nullable(),
    name_regex_keep: z.string().nullable(),
    next_run_at: time,
  }),
  repository_object_format: z.enum(["sha1", "sha256"]),
  issues_enabled: z.boolean(),
  merge_requests_enabled: z.boolean(),
  wiki_enabled: z.boolean(),
  jobs_enabled: z.boolean(),
  snippets_enabled: z.boolean(),
  container_registry_enabled: z.boolean(),
  service_desk_enabled: z.boolean(),
  service_desk_address: z.string().nullable(),
  can_create_merge_request_in: z.boolean(),
  issues_access_level: accessLevel,
  repository_access_level: accessLevel,
  merge_requests_access_level: accessLevel,
  forking_access_level: accessLevel,
  wiki_access_level: accessLevel,
  builds_access_level: accessLevel,
  snippets_access_level: accessLevel,
  pages_access_level: accessLevel,
  analytics_access_level: accessLevel,
  container_registry_access_level: accessLevel,
  security_and_compliance_access_level: accessLevel,
  releases_access_level: accessLevel,
  environments_access_level: accessLevel,
  feature_flags_access_level: accessLevel,
  infrastructure_access_level: accessLevel,
  monitor_access_level: accessLevel,
  model_experiments_access_level: accessLevel,
  model_registry_access_level: accessLevel,
  emails_disabled: z.boolean(),
  emails_enabled: z.boolean(),
  shared_runners_enabled: z.boolean(),
  lfs_enabled: z.boolean(),
  creator_id: id,
  import_url: z.string().nullable(),
  import_type: z.string().nullable(),
  import_status: z.string(),
  import_error: z.string().nullable(),
  open_issues_count: z.number().int(),
  description_html: z.string(),
  updated_at: time,
  ci_default_git_depth: z.number().int(),
  ci_delete_pipelines_in_seconds: z.number().int().nullable(),
  ci_forward_deployment_enabled: z.boolean(),
  ci_forward_deployment_rollback_allowed: z.boolean(),
  ci_job_token_scope_enabled: z.boolean(),
  ci_separated_caches: z.boolean(),
  ci_allow_fork_pipelines_to_run_in_parent_project: z.boolean(),
  ci_id_token_sub_claim_components: z.array(z.string()),
  build_git_strategy: z.enum(["fetch", "clone"]),
  keep_latest_artifact: z.boolean(),
  restrict_user_defined_variables: z.boolean(),
  ci_pipeline_variables_minimum_override_role: z.string(),
  runner_token_expiration_interval: z.number().int().nullable(),
  group_runners_enabled: z.boolean(),
  auto_cancel_pending_pipelines: z.string(),
  build_timeout: z.number().int(),
  auto_devops_enabled: z.boolean(),
  auto_devops_deploy_strategy: z.string(),
  ci_push_repository_for_job_token_allowed: z.boolean(),
  ci_config_path: z.string(),
  public_jobs: z.boolean(),
  shared_with_groups: z.array(
    z.strictObject({
      group_id: id,
      group_name: z.string(),
      group_full_path: z.string(),
      group_access_level: z.number().int(),
      expires_at: date.nullable(),
    }),
  ),
  only_allow_merge_if_pipeline_succeeds: z.boolean(),
  allow_merge_on_skipped_pipeline: z.boolean(),
  request_access_enabled: z.boolean(),
  only_allow_merge_if_all_discussions_are_resolved: z.boolean(),
  remove_source_branch_after_merge: z.boolean(),
  printing_merge_request_link_enabled: z.boolean(),
  merge_method: z.enum(["merge", "rebase_merge", "ff"]),
  squash_option: z.enum(["never", "always", "default_on", "default_off"]),
  enforce_auth_checks_on_uploads: z.boolean(),
  suggestion_commit_message: z.string().nullable(),
  merge_commit_template: z.string().nullable(),
  squash_commit_template: z.string().nullable(),
  issue_branch_template: z.string().nullable(),
  warn_about_potentially_unwanted_characters: z.boolean(),
  autoclose_referenced_issues: z.boolean(),
  max_artifacts_size: z.number().int().nullable(),
  // EE (GitLab.com)
  approvals_before_merge: z.number().int(),
  mirror: z.boolean(),
  external_authorization_classification_label: z.string(),
  requirements_enabled: z.boolean(),
  requirements_access_level: accessLevel,
  security_and_compliance_enabled: z.boolean(),
  compliance_frameworks: z.array(z.string()),
  issues_template: z.string().nullable(),
  merge_requests_template: z.string().nullable(),
  merge_pipelines_enabled: z.boolean(),
  merge_trains_enabled: z.boolean(),
  merge_trains_skip_train_allowed: z.boolean(),
  only_allow_merge_if_all_status_checks_passed: z.boolean(),
  allow_pipeline_trigger_approve_deployment: z.boolean(),
  prevent_merge_without_jira_issue: z.boolean(),
});

const projectWithAccess = project
  .extend({
    permissions: z.strictObject({
      project_access: z.strictObject({ access_level: z.number().int(), notification_level: z.number().int() }).nullable(),
      group_access: z.strictObject({ access_level: z.number().int(), notification_level: z.number().int() }).nullable(),
    }),
  })
  .strict();

const group = z.strictObject({
  id,
  web_url: url,
  name: z.string(),
  path: z.string(),
  description: z.string(),
  visibility: z.enum(["private", "internal", "public"]),
  share_with_group_lock: z.boolean(),
  require_two_factor_authentication: z.boolean(),
  two_factor_grace_period: z.number().int(),
  project_creation_level: z.string(),
  auto_devops_enabled: z.boolean().nullable(),
  subgroup_creation_level: z.string(),
  emails_disabled: z.boolean().nullable(),
  emails_enabled: z.boolean().nullable(),
  mentions_disabled: z.boolean().nullable(),
  lfs_enabled: z.boolean(),
  default_branch: z.string().nullable(),
  default_branch_protection: z.number().int(),
  default_branch_protection_defaults: z.strictObject({
    allowed_to_push: z.array(z.strictObject({ access_level: z.number().int() })),
    allow_force_push: z.boolean(),
    allowed_to_merge: z.array(z.strictObject({ access_level: z.number().int() })),
  }),
  avatar_url: url.nullable(),
  request_access_enabled: z.boolean(),
  full_name: z.string(),
  full_path: z.string(),
  created_at: time,
  parent_id: id.nullable(),
  organization_id: id,
  shared_runners_setting: z.string(),
  ldap_cn: z.string().nullable(),
  ldap_access: z.number().nullable(),
  wiki_access_level: accessLevel,
});

const groupDetail = group
  .extend({
    shared_with_groups: z.array(z.unknown()),
    runners_token: z.string(),
    enabled_git_access_protocol: z.string(),
    prevent_sharing_groups_outside_hierarchy: z.boolean(),
    projects: z.array(project),
    shared_projects: z.array(project),
    shared_runners_minutes_limit: z.number().nullable(),
    extra_shared_runners_minutes_limit: z.number().nullable(),
    prevent_forking_outside_group: z.boolean(),
    membership_lock: z.boolean(),
  })
  .strict();

const label = z.strictObject({
  id,
  name: z.string(),
  description: z.string().nullable(),
  description_html: z.string(),
  text_color: z.string().regex(/^#[0-9A-F]{6}$/i),
  color: z.string().regex(/^#[0-9a-f]{6}$/i),
  subscribed: z.boolean(),
  priority: z.number().int().nullable(),
  is_project_label: z.boolean(),
});

const milestone = z.strictObject({
  id,
  iid: id,
  project_id: id,
  title: z.string(),
  description: z.string().nullable(),
  state: z.enum(["active", "closed"]),
  created_at: time,
  updated_at: time,
  due_date: date.nullable(),
  start_date: date.nullable(),
  expired: z.boolean(),
  web_url: url,
});

const iteration = z.strictObject({
  id,
  iid: id,
  sequence: z.number().int(),
  group_id: id,
  title: z.string().nullable(),
  description: z.string().nullable(),
  state: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  created_at: time,
  updated_at: time,
  start_date: date,
  due_date: date,
  web_url: url,
});

const commit = z.strictObject({
  id: sha,
  short_id: z.string().length(8),
  created_at: time,
  parent_ids: z.array(sha),
  title: z.string(),
  message: z.string(),
  author_name: z.string(),
  author_email: z.string(),
  authored_date: time,
  committer_name: z.string(),
  committer_email: z.string(),
  committed_date: time,
  trailers: z.record(z.string(), z.string()),
  extended_trailers: z.record(z.string(), z.array(z.string())),
  web_url: url,
});
const stats = z.strictObject({ additions: z.number().int(), deletions: z.number().int(), total: z.number().int() });
const commitWithStats = commit.extend({ stats }).strict();

const pipelineStatus = z.enum([
  "created",
  "waiting_for_resource",
  "preparing",
  "pending",
  "running",
  "success",
  "failed",
  "canceled",
  "skipped",
  "manual",
  "scheduled",
]);
const pipelineBasic = z.strictObject({
  id,
  iid: id,
  project_id: id,
  sha,
  ref: z.string(),
  status: pipelineStatus,
  source: z.enum([
    "push",
    "web",
    "trigger",
    "schedule",
    "api",
    "external",
    "pipeline",
    "chat",
    "merge_request_event",
    "external_pull_request_event",
    "parent_pipeline",
  ]),
  created_at: time,
  updated_at: time,
  web_url: url,
});
const pipeline = pipelineBasic
  .extend({
    before_sha: sha,
    tag: z.boolean(),
    yaml_errors: z.string().nullable(),
    user: userBasic,
    started_at: time.nullable(),
    finished_at: time.nullable(),
    committed_at: time.nullable(),
    duration: z.number().int().nullable(),
    queued_duration: z.number().nullable(),
    coverage: z.string().nullable(),
    detailed_status: z.strictObject({
      icon: z.string(),
      text: z.string(),
      label: z.string(),
      group: z.string(),
      tooltip: z.string(),
      has_details: z.boolean(),
      details_path: z.string().startsWith("/"),
      illustration: z.null(),
      favicon: z.string().startsWith("/"),
    }),
  })
  .strict();

const commitDetail = commitWithStats
  .extend({ status: pipelineStatus.nullable(), project_id: id, last_pipeline: pipelineBasic.nullable() })
  .strict();

const diff = z.strictObject({
  diff: z.string(),
  new_path: z.string(),
  old_path: z.string(),
  a_mode: z.string(),
  b_mode: z.string(),
  new_file: z.boolean(),
  renamed_file: z.boolean(),
  deleted_file: z.boolean(),
  generated_file: z.boolean(),
});
const mrDiff = diff.extend({ collapsed: z.boolean(), too_large: z.boolean() }).strict();

const branch = z.strictObject({
  name: z.string(),
  commit,
  merged: z.boolean(),
  protected: z.boolean(),
  developers_can_push: z.boolean(),
  developers_can_merge: z.boolean(),
  can_push: z.boolean(),
  default: z.boolean(),
  web_url: url,
});

const references = z.strictObject({ short: z.string(), relative: z.string(), full: z.string() });
const timeStats = z.strictObject({
  time_estimate: z.number().int(),
  total_time_spent: z.number().int(),
  human_time_estimate: z.string().nullable(),
  human_total_time_spent: z.string().nullable(),
});
const taskCompletion = z.strictObject({ count: z.number().int(), completed_count: z.number().int() });

const mrBasic = z.strictObject({
  id,
  iid: id,
  project_id: id,
  title: z.string(),
  description: z.string().nullable(),
  state: z.enum(["opened", "closed", "locked", "merged"]),
  created_at: time,
  updated_at: time,
  merged_by: userBasic.nullable(),
  merge_user: userBasic.nullable(),
  merged_at: time.nullable(),
  closed_by: userBasic.nullable(),
  closed_at: time.nullable(),
  target_branch: z.string(),
  source_branch: z.string(),
  user_notes_count: z.number().int(),
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  author: userBasic,
  assignees: z.array(userBasic),
  assignee: userBasic.nullable(),
  reviewers: z.array(userBasic),
  source_project_id: id,
  target_project_id: id,
  labels: z.array(z.string()),
  draft: z.boolean(),
  imported: z.boolean(),
  imported_from: z.string(),
  work_in_progress: z.boolean(),
  milestone: milestone.nullable(),
  merge_when_pipeline_succeeds: z.boolean(),
  merge_status: z.enum(["unchecked", "checking", "can_be_merged", "cannot_be_merged", "cannot_be_merged_recheck"]),
  detailed_merge_status: z.enum([
    "approvals_syncing",
    "blocked_status",
    "checking",
    "ci_must_pass",
    "ci_still_running",
    "commits_status",
    "conflict",
    "discussions_not_resolved",
    "draft_status",
    "jira_association_missing",
    "mergeable",
    "merge_request_blocked",
    "merge_time",
    "need_rebase",
    "not_approved",
    "not_open",
    "preparing",
    "requested_changes",
    "security_policy_violations",
    "status_checks_must_pass",
    "unchecked",
    "locked_paths",
    "locked_lfs_files",
    "title_regex",
  ]),
  merge_after: time.nullable(),
  sha,
  merge_commit_sha: sha.nullable(),
  squash_commit_sha: sha.nullable(),
  discussion_locked: z.boolean().nullable(),
  should_remove_source_branch: z.boolean().nullable(),
  force_remove_source_branch: z.boolean(),
  prepared_at: time.nullable(),
  reference: z.string(),
  references,
  web_url: url,
  time_stats: timeStats,
  squash: z.boolean(),
  squash_on_merge: z.boolean(),
  task_completion_status: taskCompletion,
  has_conflicts: z.boolean(),
  blocking_discussions_resolved: z.boolean(),
  approvals_before_merge: z.number().int().nullable(),
});
const mrFull = mrBasic
  .extend({
    subscribed: z.boolean(),
    changes_count: z.string(),
    latest_build_started_at: time.nullable(),
    latest_build_finished_at: time.nullable(),
    first_deployed_to_production_at: time.nullable(),
    pipeline: pipelineBasic.nullable(),
    head_pipeline: pipeline.nullable(),
    diff_refs: z.strictObject({ base_sha: sha, head_sha: sha, start_sha: sha }),
    merge_error: z.string().nullable(),
    first_contribution: z.boolean(),
    user: z.strictObject({ can_merge: z.boolean() }),
  })
  .strict();

const approvalState = z.strictObject({
  id,
  iid: id,
  project_id: id,
  title: z.string(),
  description: z.string().nullable(),
  state: z.string(),
  created_at: time,
  updated_at: time,
  merge_status: z.string(),
  approved: z.boolean(),
  approvals_required: z.number().int(),
  approvals_left: z.number().int(),
  require_password_to_approve: z.boolean(),
  approved_by: z.array(z.strictObject({ user: userBasic })),
  suggested_approvers: z.array(userBasic),
  approvers: z.array(z.unknown()),
  approver_groups: z.array(z.unknown()),
  user_has_approved: z.boolean(),
  user_can_approve: z.boolean(),
  approval_rules_left: z.array(z.unknown()),
  has_approval_rules: z.boolean(),
  merge_request_approvers_available: z.boolean(),
  multiple_approval_rules_available: z.boolean(),
  invalid_approvers_rules: z.array(z.unknown()),
});

const noteBase = {
  id,
  type: z.enum(["DiffNote", "DiscussionNote"]).nullable(),
  body: z.string(),
  attachment: z.null(),
  author: userBasic,
  created_at: time,
  updated_at: time,
  system: z.boolean(),
  noteable_id: id,
  noteable_type: z.enum(["Issue", "MergeRequest", "Commit", "Snippet"]),
  project_id: id,
};
const noteTail = {
  confidential: z.boolean(),
  internal: z.boolean(),
  imported: z.boolean(),
  imported_from: z.string(),
  noteable_iid: id.nullable(),
  commands_changes: z.strictObject({}),
};
const note = z.union([
  z.strictObject({ ...noteBase, resolvable: z.literal(false), ...noteTail }),
  z.strictObject({
    ...noteBase,
    commit_id: sha.nullable(),
    position: z.strictObject({
      base_sha: sha,
      start_sha: sha,
      head_sha: sha,
      old_path: z.string(),
      new_path: z.string(),
      position_type: z.enum(["text", "image", "file"]),
      old_line: z.number().int().nullable(),
      new_line: z.number().int().nullable(),
      line_range: z.null(),
    }),
    resolvable: z.literal(true),
    resolved: z.boolean(),
    resolved_by: userBasic.nullable(),
    resolved_at: time.nullable(),
    ...noteTail,
  }),
]);

const issueShape = {
  id,
  iid: id,
  project_id: id,
  title: z.string(),
  description: z.string().nullable(),
  state: z.enum(["opened", "closed"]),
  created_at: time,
  updated_at: time,
  closed_at: time.nullable(),
  closed_by: userBasic.nullable(),
  labels: z.array(z.string()),
  milestone: milestone.nullable(),
  assignees: z.array(userBasic),
  author: userBasic,
  type: z.enum(["ISSUE", "INCIDENT", "TEST_CASE", "TASK"]),
  assignee: userBasic.nullable(),
  user_notes_count: z.number().int(),
  merge_requests_count: z.number().int(),
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  due_date: date.nullable(),
  confidential: z.boolean(),
  discussion_locked: z.boolean().nullable(),
  issue_type: z.enum(["issue", "incident", "test_case", "task"]),
  web_url: url,
  time_stats: timeStats,
  task_completion_status: taskCompletion,
  weight: z.number().int().nullable(),
  blocking_issues_count: z.number().int(),
  has_tasks: z.boolean(),
  _links: z.strictObject({ self: url, notes: url, award_emoji: url, project: url, closed_as_duplicate_of: url.nullable() }),
  references,
};
const issueTail = {
  severity: z.enum(["UNKNOWN", "LOW", "MEDIUM", "HIGH", "CRITICAL"]),
  moved_to_id: id.nullable(),
  imported: z.boolean(),
  imported_from: z.string(),
  service_desk_reply_to: z.string().nullable(),
  epic_iid: id.nullable(),
  epic: z.null(),
  iteration: iteration.nullable(),
  health_status: z.string().nullable(),
};
const issue = z.strictObject({ ...issueShape, ...issueTail });
const issueSingle = z.strictObject({ ...issueShape, subscribed: z.boolean(), ...issueTail });

const runner = z.strictObject({
  id,
  description: z.string(),
  ip_address: z.string().nullable(),
  active: z.boolean(),
  paused: z.boolean(),
  is_shared: z.boolean(),
  runner_type: z.enum(["instance_type", "group_type", "project_type"]),
  name: z.string().nullable(),
  online: z.boolean(),
  status: z.string(),
});
const job = z.strictObject({
  id,
  status: pipelineStatus,
  stage: z.string(),
  name: z.string(),
  ref: z.string(),
  tag: z.boolean(),
  coverage: z.number().nullable(),
  allow_failure: z.boolean(),
  created_at: time,
  started_at: time.nullable(),
  finished_at: time.nullable(),
  erased_at: time.nullable(),
  duration: z.number().nullable(),
  queued_duration: z.number().nullable(),
  user,
  commit,
  pipeline: pipelineBasic,
  failure_reason: z.string().optional(),
  web_url: url,
  project: z.strictObject({ ci_job_token_scope_enabled: z.boolean() }),
  artifacts: z.array(z.unknown()),
  runner: runner.nullable(),
  runner_manager: z
    .strictObject({
      id,
      system_id: z.string(),
      version: z.string(),
      revision: z.string(),
      platform: z.string(),
      architecture: z.string(),
      created_at: time,
      contacted_at: time,
      ip_address: z.string().nullable(),
      status: z.string(),
    })
    .nullable(),
  artifacts_expire_at: time.nullable(),
  archived: z.boolean(),
  tag_list: z.array(z.string()),
});

const environmentBasic = z.strictObject({
  id,
  name: z.string(),
  slug: z.string(),
  external_url: url.nullable(),
  created_at: time,
  updated_at: time,
});
const deployment = z.strictObject({
  id,
  iid: id,
  ref: z.string(),
  sha,
  created_at: time,
  updated_at: time,
  user: userBasic,
  environment: environmentBasic,
  deployable: job.nullable(),
  status: z.enum(["created", "running", "success", "failed", "canceled", "skipped", "blocked"]),
});
const environmentShape = {
  id,
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  external_url: url.nullable(),
  state: z.enum(["available", "stopping", "stopped"]),
  tier: z.enum(["production", "staging", "testing", "development", "other"]),
  created_at: time,
  updated_at: time,
  auto_stop_at: time.nullable(),
  auto_stop_setting: z.enum(["always", "with_action"]),
};
const environment = z.strictObject(environmentShape);
const environmentSingle = z.strictObject({ ...environmentShape, last_deployment: deployment.nullable() });

const release = z.strictObject({
  name: z.string(),
  tag_name: z.string(),
  description: z.string().nullable(),
  created_at: time,
  released_at: time,
  upcoming_release: z.boolean(),
  historical_release: z.boolean(),
  author: userBasic,
  commit,
  milestones: z.array(milestone.extend({ issue_stats: z.strictObject({ total: z.number().int(), closed: z.number().int() }) }).strict()),
  commit_path: z.string().startsWith("/"),
  tag_path: z.string().startsWith("/"),
  assets: z.strictObject({
    count: z.number().int(),
    sources: z.array(z.strictObject({ format: z.enum(["zip", "tar.gz", "tar.bz2", "tar"]), url })),
    links: z.array(z.unknown()),
  }),
  evidences: z.array(z.strictObject({ sha: z.string(), filepath: url, collected_at: time })),
  _links: z.strictObject({
    closed_issues_url: url,
    closed_merge_requests_url: url,
    edit_url: url,
    merged_merge_requests_url: url,
    opened_issues_url: url,
    opened_merge_requests_url: url,
    self: url,
  }),
});

const treeEntry = z.strictObject({
  id: sha,
  name: z.string(),
  type: z.enum(["tree", "blob", "commit"]),
  path: z.string(),
  mode: z.string().regex(/^\d{6}$/),
});
const file = z.strictObject({
  file_name: z.string(),
  file_path: z.string(),
  size: z.number().int(),
  encoding: z.literal("base64"),
  content_sha256: z.string().regex(/^[0-9a-f]{64}$/),
  ref: z.string(),
  blob_id: sha,
  commit_id: sha,
  last_commit_id: sha,
  execute_filemode: z.boolean(),
  content: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/),
});
const blob = z.strictObject({ size: z.number().int(), encoding: z.literal("base64"), content: z.string(), sha });

/** `ProjectStatistics` (`lib/api/entities/project_statistics.rb`), on `GET /projects/:id?statistics=true`. */
const size = z.number().int().nonnegative();
const projectWithStatistics = projectWithAccess
  .extend({
    statistics: z.strictObject({
      commit_count: size,
      storage_size: size,
      repository_size: size,
      wiki_size: size,
      lfs_objects_size: size,
      job_artifacts_size: size,
      pipeline_artifacts_size: size,
      packages_size: size,
      snippets_size: size,
      uploads_size: size,
      container_registry_size: size,
    }),
  })
  .strict();

/** `GET /version` (`lib/api/version.rb`: version, revision, kas, enterprise). */
const version = z.strictObject({
  version: z.string().regex(/^\d+\.\d+\.\d+(-(ee|pre))?$/),
  revision: z.string().regex(/^[0-9a-f]{11}$/),
  kas: z.strictObject({
    enabled: z.boolean(),
    externalUrl: z.string().nullable(),
    externalK8sProxyUrl: z.string().nullable(),
    version: z.string().nullable(),
  }),
  enterprise: z.boolean(),
});
/** `Tag` (`lib/api/entities/tag.rb`): name, message, target, commit, release (`TagRelease`), protected, created_at. */
const tag = z.strictObject({
  name: z.string(),
  message: z.string().nullable(),
  target: sha,
  commit,
  release: z.strictObject({ tag_name: z.string(), description: z.string().nullable() }).nullable(),
  protected: z.boolean(),
  created_at: time.nullable(),
});

/** `Entities::MergeRequestDiff`, and `MergeRequestDiffFull` with its commits and diffs. */
const mrVersion = z.strictObject({
  id,
  head_commit_sha: sha,
  base_commit_sha: sha,
  start_commit_sha: sha,
  created_at: time,
  merge_request_id: id,
  state: z.enum(["collected", "overflow", "without_files", "empty", "overflow_commits_safe_size", "overflow_diff_files_limit"]),
  real_size: z.string(),
  patch_id_sha: sha.nullable(),
});
const mrVersionFull = mrVersion.extend({ commits: z.array(commit), diffs: z.array(diff) }).strict();
/** `Entities::MergeRequestChanges`: the merge request, its diffs as `changes`, and whether they overflowed. */
const mrChanges = mrFull.extend({ changes: z.array(diff), overflow: z.boolean() }).strict();
/** `Entities::Discussion`. */
const discussion = z.strictObject({ id: z.string().regex(/^[0-9a-f]{40}$/), individual_note: z.boolean(), notes: z.array(note).min(1) });
/** `Entities::Event` (no push or wiki events here). */
const event = z.strictObject({
  id,
  project_id: id,
  action_name: z.enum(["opened", "closed", "accepted", "commented on", "reopened", "pushed to", "pushed new", "created", "joined"]),
  target_id: id.nullable(),
  target_iid: id.nullable(),
  target_type: z.enum(["Issue", "MergeRequest", "Note", "DiffNote", "DiscussionNote", "Milestone"]).nullable(),
  author_id: id,
  target_title: z.string().nullable(),
  created_at: time,
  note: note.optional(),
  author: userBasic,
  imported: z.boolean(),
  imported_from: z.string(),
  author_username: z.string(),
});

const P = "api/v4/projects/\\d+";
const G = "api/v4/groups/\\d+";

/** Which schema a served path answers with, first match wins. */
const ROUTES: Array<[RegExp, z.ZodType]> = [
  [/^api\/v4\/user$/, currentUser],
  [/^api\/v4\/users\/\d+$/, user],
  [/^api\/v4\/users$/, z.array(userBasic)],
  // A user's personal projects (`Entities::Project`): nobody has any.
  [/^api\/v4\/users\/\d+\/projects$/, z.array(project)],
  [/^api\/v4\/groups$/, z.array(group)],
  [new RegExp(`^${G}$`), groupDetail],
  [new RegExp(`^${G}/subgroups$`), z.array(group)],
  [new RegExp(`^${G}/projects$`), z.array(project)],
  [new RegExp(`^(${G}|${P})/members$`), z.array(member)],
  [new RegExp(`^(${G}|${P})/members/all$`), z.array(member)],
  [/^api\/v4\/version$/, version],
  // Nothing to list: no epics, no boards, no trigger jobs.
  [new RegExp(`^(${G}/(epics|boards)|${P}/boards|${P}/pipelines/\\d+/bridges)$`), z.tuple([])],
  [new RegExp(`^${G}/descendant_groups$`), z.array(group)],
  [new RegExp(`^${P}/users$`), z.array(userBasic)],
  [new RegExp(`^${P}/repository/tags$`), z.array(tag)],
  [new RegExp(`^${P}/repository/tags/[^/]+$`), tag],
  [new RegExp(`^${P}/events$`), z.array(event)],
  // No Kubernetes agent, no award emoji: nothing to list.
  [new RegExp(`^${P}/(cluster_agents|issues/\\d+/award_emoji)$`), z.tuple([])],
  [new RegExp(`^${P}/merge_requests/\\d+/versions$`), z.array(mrVersion)],
  [new RegExp(`^${P}/merge_requests/\\d+/versions/\\d+$`), mrVersionFull],
  [new RegExp(`^${P}/merge_requests/\\d+/changes$`), mrChanges],
  [new RegExp(`^${P}/merge_requests/\\d+/discussions$`), z.array(discussion)],
  [new RegExp(`^(${G}|${P})/labels$`), z.array(label)],
  [new RegExp(`^(${G}|${P})/milestones$`), z.array(milestone)],
  [new RegExp(`^${G}/iterations$`), z.array(iteration)],
  [new RegExp(`^(api/v4|${G}|${P})/merge_requests$`), z.array(mrBasic)],
  [new RegExp(`^(api/v4|${G}|${P})/issues$`), z.array(issue)],
  [/^api\/v4\/projects$/, z.array(projectWithAccess)],
  [new RegExp(`^${P}$`), z.union([projectWithAccess, projectWithStatistics])],
  [new RegExp(`^${P}/repository/branches$`), z.array(branch)],
  [new RegExp(`^${P}/repository/branches/[^/]+$`), branch],
  [new RegExp(`^${P}/repository/commits$`), z.union([z.array(commit), z.array(commitWithStats)])],
  [new RegExp(`^${P}/repository/commits/[^/]+/diff$`), z.array(diff)],
  [new RegExp(`^${P}/repository/commits/[^/]+/merge_requests$`), z.array(mrBasic)],
  [new RegExp(`^${P}/repository/commits/[^/]+$`), commitDetail],
  [new RegExp(`^${P}/merge_requests/\\d+$`), mrFull],
  [new RegExp(`^${P}/merge_requests/\\d+/commits$`), z.array(commit)],
  [new RegExp(`^${P}/merge_requests/\\d+/approvals$`), approvalState],
  [new RegExp(`^${P}/(merge_requests|issues)/\\d+/notes$`), z.array(note)],
  [new RegExp(`^${P}/merge_requests/\\d+/diffs$`), z.array(mrDiff)],
  [new RegExp(`^${P}/(merge_requests/\\d+/)?pipelines$`), z.array(pipelineBasic)],
  [new RegExp(`^${P}/pipelines/\\d+$`), pipeline],
  [new RegExp(`^${P}/(pipelines/\\d+/)?jobs$`), z.array(job)],
  [new RegExp(`^${P}/jobs/\\d+$`), job],
  [new RegExp(`^${P}/issues/\\d+$`), issueSingle],
  [new RegExp(`^${P}/milestones/\\d+$`), milestone],
  [new RegExp(`^${P}/deployments$`), z.array(deployment)],
  [new RegExp(`^${P}/deployments/\\d+$`), deployment],
  [new RegExp(`^${P}/environments$`), z.array(environment)],
  [new RegExp(`^${P}/environments/\\d+$`), environmentSingle],
  [new RegExp(`^${P}/releases$`), z.array(release)],
  [new RegExp(`^${P}/releases/.+$`), release],
  [new RegExp(`^${P}/repository/tree$`), z.array(treeEntry)],
  [new RegExp(`^${P}/repository/files/[^/]+$`), file],
  [new RegExp(`^${P}/repository/blobs/[0-9a-f]{40}$`), blob],
];

/** A message when a served body does not match GitLab's definition of its endpoint. */
export function validateGitLab(path: string, body: unknown): string | undefined {
  const route = ROUTES.find(([re]) => re.test(path));
  if (!route) return `no schema for ${path}`;
  const result = route[1].safeParse(body);
  if (result.success) return undefined;
  return result.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join(".")}: ${i.message}`)
    .join("; ");
}
