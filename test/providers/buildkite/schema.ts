import { z } from "zod";

/**
 * Validators for the Buildkite REST API answers the live host serves. Buildkite publishes no OpenAPI
 * description of REST v2 and no npm client (spec/README.md), so these are written from its reference
 * pages (vendored in spec/: the data-model tables and example answers of builds, jobs, pipelines,
 * organizations, members, agents, artifacts, annotations, user and access token) and the field names of
 * its Go client (buildkite/go-buildkite `Build`, `Job`, `Pipeline`, `Artifact`, `Annotation`).
 * Objects are strict: an undocumented field fails, as does a missing one or a wrong type.
 */

const time = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, "an ISO 8601 time with milliseconds");
const utcTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/, "a `YYYY-MM-DD hh:mm:ss UTC` time");
export const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, "a UUID");
const graphqlId = (type: string) =>
  z.string().refine((s) => Buffer.from(s, "base64").toString("utf8").startsWith(`${type}---`), `a ${type} GraphQL id`);
const url = z.string().url();
const apiUrl = z.string().regex(/^https?:\/\/[^/]+\/(buildkite\/)?v2\//, "an API URL");
const count = z.number().int().nonnegative();

export const user = z.strictObject({
  id: uuid,
  graphql_id: graphqlId("User"),
  name: z.string(),
  email: z.string().email(),
  avatar_url: url,
  created_at: time,
});

export const member = z.strictObject({
  id: uuid,
  name: z.string(),
  email: z.string().email(),
  role: z.enum(["admin", "member"]),
  sso_mode: z.enum(["required", "optional"]),
});

export const organization = z.strictObject({
  id: uuid,
  graphql_id: graphqlId("Organization"),
  url: apiUrl,
  web_url: url,
  name: z.string(),
  slug: z.string(),
  pipelines_url: apiUrl,
  agents_url: apiUrl,
  emojis_url: apiUrl,
  created_at: time,
});

export const accessToken = z.strictObject({
  uuid,
  scopes: z.array(z.string().regex(/^(read|write)_[a-z_]+$|^graphql$/)),
  description: z.string(),
  created_at: utcTime,
  expires_at: utcTime.optional(),
  user: z.strictObject({ email: z.string().email(), name: z.string() }),
});

const jobAgent = z.strictObject({
  id: uuid,
  graphql_id: graphqlId("Agent"),
  url: apiUrl,
  web_url: url,
  name: z.string(),
  connection_state: z.string(),
  hostname: z.string(),
  ip_address: z.string(),
  user_agent: z.string(),
  creator: user.nullable(),
  created_at: time,
});

export const agent = z.strictObject({
  id: uuid,
  graphql_id: graphqlId("Agent"),
  url: apiUrl,
  web_url: url,
  name: z.string(),
  connection_state: z.enum(["connected", "disconnected", "stopped", "stopping", "lost", "never_connected"]),
  hostname: z.string(),
  ip_address: z.string(),
  user_agent: z.string(),
  version: z.string(),
  os_id: z.string(),
  arch: z.string(),
  queue: z.string(),
  creator: user.nullable(),
  created_at: time,
  connected_at: time.nullable(),
  disconnected_at: time.nullable(),
  lost_at: time.nullable(),
  stopped_at: time.nullable(),
  job: z.record(z.string(), z.unknown()).nullable(),
  last_job_finished_at: time.nullable(),
  priority: z.number().nullable(),
  meta_data: z.array(z.string()),
});

const JOB_STATES = [
  "pending",
  "waiting",
  "waiting_failed",
  "blocked",
  "blocked_failed",
  "unblocked",
  "unblocked_failed",
  "scheduled",
  "assigned",
  "accepted",
  "running",
  "passed",
  "failed",
  "timed_out",
  "timing_out",
  "canceled",
  "canceling",
  "skipped",
  "broken",
  "expired",
  "limited",
] as const;

export const job = z.strictObject({
  id: uuid,
  graphql_id: graphqlId("Job"),
  type: z.enum(["script", "waiter", "manual", "trigger"]),
  name: z.string(),
  step_key: z.string().nullable(),
  step: z.strictObject({ id: uuid, signature: z.unknown().nullable() }),
  priority: z.strictObject({ number: z.number().int() }),
  agent_query_rules: z.array(z.string()),
  state: z.enum(JOB_STATES),
  build_url: apiUrl,
  web_url: url,
  log_url: apiUrl,
  raw_log_url: apiUrl,
  artifacts_url: apiUrl,
  command: z.string().nullable(),
  soft_failed: z.boolean(),
  exit_status: z.number().int().nullable(),
  signal: z.string().nullable(),
  signal_reason: z.string().nullable(),
  broken_reason: z.string().nullable(),
  artifact_paths: z.string().nullable(),
  created_at: time,
  scheduled_at: time,
  runnable_at: time.nullable(),
  concurrency_wait_time_ms: z.number().nullable(),
  started_at: time.nullable(),
  finished_at: time.nullable(),
  expired_at: time.nullable(),
  retried: z.boolean(),
  retried_in_job_id: uuid.nullable(),
  retries_count: z.number().int().nullable(),
  retry_source: z.unknown().nullable(),
  retry_type: z.string().nullable(),
  parallel_group_index: z.number().int().nullable(),
  parallel_group_total: z.number().int().nullable(),
  matrix: z.unknown().nullable(),
  agent: jobAgent.nullable(),
  retried_by: z.unknown().nullable(),
  cluster_id: uuid.nullable(),
  cluster_url: apiUrl.nullable(),
  cluster_queue_id: uuid.nullable(),
  cluster_queue_url: apiUrl.nullable(),
});

export const pipeline = z.strictObject({
  id: uuid,
  graphql_id: graphqlId("Pipeline"),
  url: apiUrl,
  web_url: url,
  name: z.string(),
  description: z.string().nullable(),
  slug: z.string(),
  repository: z.string(),
  cluster_id: uuid.nullable(),
  branch_configuration: z.string().nullable(),
  default_branch: z.string(),
  skip_queued_branch_builds: z.boolean(),
  skip_queued_branch_builds_filter: z.string().nullable(),
  cancel_running_branch_builds: z.boolean(),
  cancel_running_branch_builds_filter: z.string().nullable(),
  allow_rebuilds: z.boolean(),
  provider: z.strictObject({
    id: z.enum(["github", "github_enterprise", "gitlab", "gitlab_ee", "bitbucket", "bitbucket_server", "beanstalk", "git"]),
    webhook_url: z.string(),
    settings: z.record(z.string(), z.unknown()),
  }),
  builds_url: apiUrl,
  badge_url: url,
  created_by: user.nullable(),
  created_at: time,
  archived_at: time.nullable(),
  env: z.record(z.string(), z.unknown()),
  scheduled_builds_count: count,
  running_builds_count: count,
  scheduled_jobs_count: count,
  running_jobs_count: count,
  waiting_jobs_count: count,
  visibility: z.enum(["private", "public"]),
  configuration: z.string(),
  steps: z.array(
    z.strictObject({
      type: z.enum(["script", "waiter", "manual", "trigger"]),
      name: z.string().nullable(),
      command: z.string().nullable(),
      artifact_paths: z.string().nullable(),
      branch_configuration: z.string().nullable(),
      env: z.record(z.string(), z.unknown()),
      timeout_in_minutes: z.number().nullable(),
      agent_query_rules: z.array(z.string()),
      concurrency: z.number().nullable(),
      parallelism: z.number().nullable(),
    }),
  ),
});

export const BUILD_STATES = [
  "creating",
  "scheduled",
  "running",
  "passed",
  "failing",
  "failed",
  "blocked",
  "canceled",
  "canceling",
  "skipped",
  "not_run",
  "waiting",
  "waiting_failed",
] as const;

export const build = z.strictObject({
  id: uuid,
  graphql_id: graphqlId("Build"),
  url: apiUrl,
  web_url: url,
  number: z.number().int().positive(),
  state: z.enum(BUILD_STATES),
  cancel_reason: z.string().nullable(),
  blocked: z.boolean(),
  message: z.string().nullable(),
  commit: z.string().regex(/^[0-9a-f]{40}$/),
  branch: z.string(),
  env: z.record(z.string(), z.unknown()),
  source: z.enum(["webhook", "api", "ui", "trigger_job", "schedule"]),
  creator: user.nullable(),
  jobs: z.array(job).optional(),
  job_state_counts: z.strictObject({ total: count, states: z.record(z.string(), count) }).optional(),
  created_at: time,
  scheduled_at: time,
  started_at: time.nullable(),
  failing_at: time.nullable(),
  finished_at: time.nullable(),
  meta_data: z.record(z.string(), z.string()),
  pull_request: z
    .strictObject({ id: z.string().regex(/^\d+$/), base: z.string(), repository: z.string(), labels: z.array(z.string()).optional() })
    .nullable(),
  merge_queue: z.strictObject({ base_branch: z.string() }).nullable(),
  rebuilt_from: z.strictObject({ id: uuid, number: z.number().int(), url: apiUrl }).nullable(),
  pipeline: pipeline.optional(),
});

/** `header_times` are nanoseconds since the epoch: beyond 2^53, as Buildkite writes them. */
export const log = z.strictObject({ url: apiUrl, content: z.string(), size: count, header_times: z.array(z.number().nonnegative()) });

export const artifact = z.strictObject({
  id: uuid,
  job_id: uuid,
  url: apiUrl,
  download_url: apiUrl,
  state: z.enum(["new", "error", "finished", "deleted", "expired"]),
  path: z.string(),
  dirname: z.string(),
  filename: z.string(),
  mime_type: z.string(),
  file_size: count,
  glob_path: z.string().nullable(),
  original_path: z.string().nullable(),
  sha1sum: z.string().regex(/^[0-9a-f]{40}$/),
});

export const annotation = z.strictObject({
  id: uuid,
  context: z.string(),
  style: z.enum(["success", "info", "warning", "error"]),
  scope: z.enum(["build", "job"]),
  job_id: uuid.nullable(),
  priority: z.number().int().min(1).max(10),
  body_html: z.string(),
  created_at: time,
  updated_at: time,
});

export const jobEnv = z.strictObject({ env: z.record(z.string().regex(/^[A-Z][A-Z0-9_]*$/), z.string()) });

export const cluster = z.strictObject({
  id: uuid,
  graphql_id: z.string(),
  default_queue_id: uuid.nullable(),
  name: z.string(),
  description: z.string().nullable(),
  emoji: z.string().nullable(),
  color: z.string().nullable(),
  maintainers: z.strictObject({ users: z.array(z.unknown()), teams: z.array(z.unknown()) }),
  url: apiUrl,
  web_url: url,
  default_queue_url: apiUrl.nullable(),
  queues_url: url,
  created_at: time,
  created_by: user.nullable(),
});

export const emoji = z.strictObject({ name: z.string(), url, aliases: z.array(z.string()).optional() });

export const errorBody = z.strictObject({ message: z.string() });

/** Which schema validates the answer at a path (no leading slash, no query). */
const ORG = "v2/organizations/[^/]+";
const BUILD = `${ORG}/pipelines/[^/]+/builds/\\d+`;
const JOB = `(?:${BUILD}|${ORG})/jobs/[^/]+`;
const ROUTES: Array<[RegExp, z.ZodType]> = [
  [/^v2\/user$/, user],
  [/^v2\/access-token$/, accessToken],
  [/^v2\/organizations$/, z.array(organization)],
  [new RegExp(`^${ORG}$`), organization],
  [new RegExp(`^${ORG}/members$`), z.array(member)],
  [new RegExp(`^${ORG}/members/[^/]+$`), member],
  [new RegExp(`^${ORG}/agents$`), z.array(agent)],
  [new RegExp(`^${ORG}/agents/[^/]+$`), agent],
  [new RegExp(`^${ORG}/emojis$`), z.array(emoji)],
  [new RegExp(`^${ORG}/clusters$`), z.array(cluster)],
  [new RegExp(`^${ORG}/pipelines$`), z.array(pipeline)],
  [new RegExp(`^${ORG}/pipelines/[^/]+$`), pipeline],
  [new RegExp(`^(v2|${ORG}|${ORG}/pipelines/[^/]+)/builds$`), z.array(build)],
  [new RegExp(`^${BUILD}$`), build],
  [new RegExp(`^(${BUILD}|${JOB})/annotations$`), z.array(annotation)],
  [new RegExp(`^(${BUILD}|${JOB})/artifacts$`), z.array(artifact)],
  [new RegExp(`^${JOB}/artifacts/[^/]+$`), artifact],
  // The download: Buildkite's 302 names the storage URL in the body too (pages/apis/rest_api/artifacts.md).
  [new RegExp(`^${JOB}/artifacts/[^/]+/download$`), z.strictObject({ url: z.string().regex(/^https:\/\/buildkiteartifacts\.com\//) })],
  [new RegExp(`^${JOB}/log$`), log],
  [new RegExp(`^${JOB}/env$`), jobEnv],
  [new RegExp(`^${JOB}$`), job],
];

export function validateBuildkite(path: string, body: unknown): string | undefined {
  const found = ROUTES.find(([re]) => re.test(path));
  if (!found) return `no validator for ${path}`;
  const result = found[1].safeParse(body);
  return result.success
    ? undefined
    : result.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join(".")}: ${i.message}`)
        .join("; ");
}
