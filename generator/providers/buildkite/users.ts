import type { JsonValue } from "../../core/provider.js";
import type { Person } from "../../world/types.js";
import { type BkAgent, type BkContext, AGENT_VERSION, avatarUrl, bkTime, bkUtcTime, graphqlId } from "./context.js";

/**
 * People and the organization as Buildkite's REST API writes them (pages/apis/rest_api/user.md,
 * access_token.md, organizations.md, organizations/members.md, agents.md of buildkite/docs).
 */
export function userJson(bk: BkContext, person: Person): JsonValue {
  const id = bk.userId(person);
  return {
    id,
    graphql_id: graphqlId("User", id),
    name: person.name,
    email: person.email,
    avatar_url: avatarUrl(person.email),
    created_at: bkTime(person.joinedAt),
  };
}

/** A member of the organization: administrators are the company's site administrators. */
export function memberJson(bk: BkContext, person: Person): JsonValue {
  return { id: bk.userId(person), name: person.name, email: person.email, role: person.admin ? "admin" : "member", sso_mode: "optional" };
}

export function organizationJson(bk: BkContext): JsonValue {
  const { org } = bk;
  return {
    id: org.id,
    graphql_id: graphqlId("Organization", org.id),
    url: bk.api(),
    web_url: bk.web(),
    name: org.name,
    slug: org.slug,
    pipelines_url: bk.api("/pipelines"),
    agents_url: bk.api("/agents"),
    emojis_url: bk.api("/emojis"),
    created_at: bkTime(org.createdAt),
  };
}

/** The token every request is answered as: a read-only token of the holder, created with the organization's first pipeline. */
export function accessTokenJson(bk: BkContext): JsonValue {
  const created = Math.min(...bk.pipelines.map((p) => p.createdAt), bk.world.asOf);
  return {
    uuid: bk.uuid("access-token"),
    scopes: [
      "read_agents",
      "read_artifacts",
      "read_builds",
      "read_build_logs",
      "read_job_env",
      "read_organizations",
      "read_pipelines",
      "read_user",
    ],
    description: "Read-only dashboards",
    created_at: bkUtcTime(created),
    user: { name: bk.holder.name, email: bk.holder.email },
  };
}

/** An agent as the agents API lists it: connected and idle at the as-of instant. */
export function agentJson(bk: BkContext, agent: BkAgent): JsonValue {
  return {
    id: agent.id,
    graphql_id: graphqlId("Agent", agent.id),
    url: bk.api(`/agents/${agent.id}`),
    web_url: bk.web(`/agents/${agent.id}`).replace(`buildkite.com/${bk.org.slug}`, `buildkite.com/organizations/${bk.org.slug}`),
    name: agent.name,
    connection_state: "connected",
    hostname: agent.hostname,
    ip_address: agent.ip,
    user_agent: `buildkite-agent/${AGENT_VERSION} (linux; amd64)`,
    version: AGENT_VERSION,
    os_id: "linux",
    arch: "amd64",
    queue: "default",
    creator: userJson(bk, bk.holder),
    created_at: bkTime(agent.createdAt),
    connected_at: bkTime(agent.createdAt),
    disconnected_at: null,
    lost_at: null,
    stopped_at: null,
    job: null,
    last_job_finished_at: lastJobFinished(bk, agent),
    priority: null,
    meta_data: ["queue=default", "os=linux"],
  };
}

/** The agent as a job embeds it. */
export function jobAgentJson(bk: BkContext, agent: BkAgent): JsonValue {
  return {
    id: agent.id,
    graphql_id: graphqlId("Agent", agent.id),
    url: bk.api(`/agents/${agent.id}`),
    web_url: bk.web(`/agents/${agent.id}`).replace(`buildkite.com/${bk.org.slug}`, `buildkite.com/organizations/${bk.org.slug}`),
    name: agent.name,
    connection_state: "connected",
    hostname: agent.hostname,
    ip_address: agent.ip,
    user_agent: `buildkite-agent/${AGENT_VERSION} (linux; amd64)`,
    creator: userJson(bk, bk.holder),
    created_at: bkTime(agent.createdAt),
  };
}

function lastJobFinished(bk: BkContext, agent: BkAgent): string | null {
  let last = 0;
  for (const b of bk.builds)
    for (const j of b.jobs) if (j.agent === agent && j.job.completedAt !== undefined) last = Math.max(last, j.job.completedAt);
  return last ? bkTime(last) : null;
}
