import type { Label, Repo } from "../../world/types.js";
import type { JsonObject } from "../../core/provider.js";
import { type GlContext, ts } from "./context.js";
import { companyGroup, namespace } from "./groups.js";
import { ACCESS } from "./users.js";

function lastActivity(repo: Repo): number {
  return Math.max(repo.mainCommits.at(-1)!.committedAt, ...repo.pulls.map((p) => p.updatedAt), ...repo.issues.map((i) => i.updatedAt));
}

function openIssues(repo: Repo): number {
  return repo.issues.filter((i) => i.state === "open").length;
}

/**
 * `Project`: as `GET /projects/:id`, `GET /projects` and `GET /groups/:id/projects` return it. The viewer
 * owns the company group, so the settings GitLab shows only to maintainers are included.
 */
export function project(gl: GlContext, repo: Repo): JsonObject {
  return gl.once(`project/${repo.id}`, () => buildProject(gl, repo));
}

function buildProject(gl: GlContext, repo: Repo): JsonObject {
  const id = gl.projectId(repo);
  const web = gl.projectWeb(repo);
  const host = gl.web.replace(/^https:\/\//, "");
  const u = gl.projectUrl(repo);
  const team = gl.team(repo.teamId);
  const topics = [...repo.topics].sort();
  const enabled = (on: boolean) => (on ? "enabled" : "disabled");
  return {
    id,
    description: repo.description,
    name: repo.name,
    name_with_namespace: `${gl.world.company.name} / ${repo.name}`,
    path: repo.name,
    path_with_namespace: gl.fullPath(repo),
    created_at: ts(repo.createdAt),
    default_branch: repo.defaultBranch,
    tag_list: topics,
    topics,
    ssh_url_to_repo: `git@${host}:${gl.fullPath(repo)}.git`,
    http_url_to_repo: gl.cloneUrl(repo),
    web_url: web,
    readme_url: `${web}/-/blob/${repo.defaultBranch}/README.md`,
    forks_count: 0,
    avatar_url: null,
    star_count: 0,
    last_activity_at: ts(lastActivity(repo)),
    namespace: namespace(gl, companyGroup(gl)),
    container_registry_image_prefix: `registry.${host}/${gl.fullPath(repo)}`,
    _links: {
      self: u,
      issues: `${u}/issues`,
      merge_requests: `${u}/merge_requests`,
      repo_branches: `${u}/repository/branches`,
      labels: `${u}/labels`,
      events: `${u}/events`,
      members: `${u}/members`,
      cluster_agents: `${u}/cluster_agents`,
    },
    packages_enabled: true,
    empty_repo: false,
    archived: false,
    visibility: "private",
    resolve_outdated_diff_discussions: false,
    container_expiration_policy: {
      cadence: "1d",
      enabled: true,
      keep_n: 10,
      older_than: "90d",
      name_regex: ".*",
      name_regex_keep: null,
      next_run_at: ts(gl.world.asOf + 6 * 3_600_000),
    },
    repository_object_format: "sha1",
    issues_enabled: true,
    merge_requests_enabled: true,
    wiki_enabled: false,
    jobs_enabled: true,
    snippets_enabled: false,
    container_registry_enabled: true,
    service_desk_enabled: false,
    service_desk_address: null,
    can_create_merge_request_in: true,
    issues_access_level: enabled(true),
    repository_access_level: enabled(true),
    merge_requests_access_level: enabled(true),
    forking_access_level: enabled(false),
    wiki_access_level: enabled(false),
    builds_access_level: enabled(true),
    snippets_access_level: enabled(false),
    pages_access_level: "private",
    analytics_access_level: enabled(true),
    container_registry_access_level: enabled(true),
    security_and_compliance_access_level: "private",
    releases_access_level: enabled(true),
    environments_access_level: enabled(true),
    feature_flags_access_level: enabled(true),
    infrastructure_access_level: enabled(true),
    monitor_access_level: enabled(true),
    model_experiments_access_level: enabled(false),
    model_registry_access_level: enabled(false),
    emails_disabled: false,
    emails_enabled: true,
    shared_runners_enabled: true,
    lfs_enabled: true,
    creator_id: gl.userId(gl.person(team.leadId)),
    import_url: null,
    import_type: null,
    import_status: "none",
    import_error: null,
    open_issues_count: openIssues(repo),
    description_html: `<p data-sourcepos="1:1-1:${repo.description.length}" dir="auto">${escapeHtml(repo.description)}</p>`,
    updated_at: ts(lastActivity(repo)),
    ci_default_git_depth: 20,
    ci_delete_pipelines_in_seconds: null,
    ci_forward_deployment_enabled: true,
    ci_forward_deployment_rollback_allowed: true,
    ci_job_token_scope_enabled: false,
    ci_separated_caches: true,
    ci_allow_fork_pipelines_to_run_in_parent_project: true,
    ci_id_token_sub_claim_components: ["project_path", "ref_type", "ref"],
    build_git_strategy: "fetch",
    keep_latest_artifact: true,
    restrict_user_defined_variables: true,
    ci_pipeline_variables_minimum_override_role: "developer",
    runner_token_expiration_interval: null,
    group_runners_enabled: true,
    auto_cancel_pending_pipelines: "enabled",
    build_timeout: 3600,
    auto_devops_enabled: false,
    auto_devops_deploy_strategy: "continuous",
    ci_push_repository_for_job_token_allowed: false,
    ci_config_path: "",
    public_jobs: true,
    shared_with_groups: [
      {
        group_id: gl.teamGroupId(team),
        group_name: team.name,
        group_full_path: `${gl.group}/${team.slug}`,
        group_access_level: ACCESS.developer,
        expires_at: null,
      },
    ],
    only_allow_merge_if_pipeline_succeeds: true,
    allow_merge_on_skipped_pipeline: false,
    request_access_enabled: false,
    only_allow_merge_if_all_discussions_are_resolved: true,
    remove_source_branch_after_merge: true,
    printing_merge_request_link_enabled: true,
    merge_method: "ff",
    squash_option: "always",
    enforce_auth_checks_on_uploads: true,
    suggestion_commit_message: null,
    merge_commit_template: null,
    squash_commit_template: null,
    issue_branch_template: null,
    warn_about_potentially_unwanted_characters: true,
    autoclose_referenced_issues: true,
    max_artifacts_size: null,
    approvals_before_merge: 1,
    mirror: false,
    external_authorization_classification_label: "",
    requirements_enabled: false,
    requirements_access_level: enabled(false),
    security_and_compliance_enabled: true,
    compliance_frameworks: [],
    issues_template: null,
    merge_requests_template: null,
    merge_pipelines_enabled: false,
    merge_trains_enabled: false,
    merge_trains_skip_train_allowed: false,
    only_allow_merge_if_all_status_checks_passed: false,
    allow_pipeline_trigger_approve_deployment: false,
    prevent_merge_without_jira_issue: true,
  };
}

/** `ProjectWithAccess`, as `GET /projects/:id` and `GET /projects` add the viewer's access to it. */
export function projectWithAccess(gl: GlContext, repo: Repo): JsonObject {
  return {
    ...project(gl, repo),
    permissions: { project_access: null, group_access: { access_level: ACCESS.owner, notification_level: 3 } },
  };
}

/**
 * `ProjectStatistics`, as `GET /projects/:id?statistics=true` adds it for a reporter or above (Airbyte's
 * projects stream asks for it): the default branch's commits, and the repository's size as the bytes
 * of its blobs; no wiki, LFS, artifacts (jobs keep none), packages, snippets, uploads or images.
 */
export function projectStatistics(repo: Repo): JsonObject {
  let repository = 0;
  for (const sha of [...repo.objects.blobs.keys()].sort()) repository += repo.objects.blobs.byteLength(sha)!;
  return {
    commit_count: repo.mainCommits.length,
    storage_size: repository,
    repository_size: repository,
    wiki_size: 0,
    lfs_objects_size: 0,
    job_artifacts_size: 0,
    pipeline_artifacts_size: 0,
    packages_size: 0,
    snippets_size: 0,
    uploads_size: 0,
    container_registry_size: 0,
  };
}

/** `ProjectWithAccess` with `statistics` (before `permissions`, as the entity exposes them). */
export function projectWithStatistics(gl: GlContext, repo: Repo): JsonObject {
  const { permissions, ...rest } = projectWithAccess(gl, repo);
  return { ...rest, statistics: projectStatistics(repo), permissions: permissions! };
}

/** A label of the company group; project label lists include them, as GitLab includes ancestor groups' labels. */
export function label(gl: GlContext, l: Label, index: number): JsonObject {
  const rgb = Number.parseInt(l.color, 16);
  const luminance = 0.299 * ((rgb >> 16) & 255) + 0.587 * ((rgb >> 8) & 255) + 0.114 * (rgb & 255);
  return {
    id: gl.labelId(index),
    name: l.name,
    description: l.description,
    description_html: `<p data-sourcepos="1:1-1:${l.description.length}" dir="auto">${escapeHtml(l.description)}</p>`,
    text_color: luminance > 150 ? "#333333" : "#FFFFFF",
    color: `#${l.color}`,
    subscribed: false,
    priority: null,
    is_project_label: false,
  };
}

export function labels(gl: GlContext): JsonObject[] {
  return gl.world.labels.map((l, i) => label(gl, l, i)).sort((a, b) => (String(a.name) < String(b.name) ? -1 : 1));
}

export function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}
