import { registerMechanism } from "../core/pagination/index.js";
import type { ComputeHandler, ErrorDoc, Provider, ProviderManifest } from "../core/provider.js";
import { azureDevOps } from "./ado/index.js";
import { manifest as ado } from "./ado/manifest.js";
import { anthropic as anthropicProvider } from "./anthropic/index.js";
import { manifest as anthropic } from "./anthropic/manifest.js";
import { bitbucket } from "./bb/index.js";
import { manifest as bb } from "./bb/manifest.js";
import { buildkite as buildkiteProvider } from "./buildkite/index.js";
import { manifest as buildkite } from "./buildkite/manifest.js";
import { chatgpt as chatgptProvider } from "./chatgpt/index.js";
import { manifest as chatgpt } from "./chatgpt/manifest.js";
import { circleci as circleciProvider } from "./circleci/index.js";
import { manifest as circleci } from "./circleci/manifest.js";
import { cursor as cursorProvider } from "./cursor/index.js";
import { manifest as cursor } from "./cursor/manifest.js";
import { devin } from "./devin/index.js";
import { manifest as devinManifest } from "./devin/manifest.js";
import { github } from "./gh/index.js";
import { manifest as gh } from "./gh/manifest.js";
import { gitlab } from "./gl/index.js";
import { manifest as gl } from "./gl/manifest.js";
import { graph as graphProvider } from "./graph/index.js";
import { manifest as graph } from "./graph/manifest.js";
import { hubspot } from "./hubspot/index.js";
import { manifest as hubspotManifest } from "./hubspot/manifest.js";
import { jira } from "./jira/index.js";
import { manifest as jiraManifest } from "./jira/manifest.js";
import { linear } from "./linear/index.js";
import { manifest as linearManifest } from "./linear/manifest.js";
import { openai } from "./openai/index.js";
import { manifest as openaiManifest } from "./openai/manifest.js";
import { pd as pdProvider } from "./pd/index.js";
import { manifest as pd } from "./pd/manifest.js";
import { sentry as sentryProvider } from "./sentry/index.js";
import { manifest as sentry } from "./sentry/manifest.js";
import { sf as sfProvider } from "./sf/index.js";
import { manifest as sf } from "./sf/manifest.js";
import { slack as slackProvider } from "./slack/index.js";
import { manifest as slack } from "./slack/manifest.js";
import { statuspage as statuspageProvider } from "./statuspage/index.js";
import { manifest as statuspage } from "./statuspage/manifest.js";
import { zendesk as zendeskProvider } from "./zendesk/index.js";
import { manifest as zendesk } from "./zendesk/manifest.js";

/**
 * The registry the CLI hands to the build and the server; core code never imports it. Every provider
 * folder has a manifest (what the catalog and an unavailable host say of it); those with a generator
 * also export a Provider. Adding a provider: a folder beside gh/, its lines here, a conformance test.
 */
export const manifests: ReadonlyMap<string, ProviderManifest> = new Map(
  [
    ado,
    anthropic,
    bb,
    buildkite,
    chatgpt,
    circleci,
    cursor,
    devinManifest,
    gh,
    gl,
    graph,
    hubspotManifest,
    jiraManifest,
    linearManifest,
    openaiManifest,
    pd,
    sentry,
    sf,
    slack,
    statuspage,
    zendesk,
  ].map((m) => [m.id, m]),
);

/** Every provider with a generator, by live prefix. */
export const providers: ReadonlyMap<string, Provider> = new Map(
  [
    github,
    gitlab,
    bitbucket,
    azureDevOps,
    jira,
    linear,
    hubspot,
    openai,
    devin,
    chatgptProvider,
    cursorProvider,
    anthropicProvider,
    sentryProvider,
    pdProvider,
    statuspageProvider,
    circleciProvider,
    buildkiteProvider,
    slackProvider,
    graphProvider,
    zendeskProvider,
    sfProvider,
  ].map((p) => [p.id, p]),
);

// Pagination mechanisms providers contribute, registered with core before anything builds or serves.
for (const p of providers.values()) for (const [name, m] of Object.entries(p.mechanisms ?? {})) registerMechanism(`${p.id}/${name}`, m);

/** Each provider's 503 body, for hosts not available: written into dist/_catalog.json by the build. */
export const unavailable: Record<string, ErrorDoc> = Object.fromEntries([...manifests].map(([id, m]) => [id, m.unavailable]));

/** Every provider's computed-route handlers, by `<prefix>/<handler>`, for the server. */
export const computeHandlers: ReadonlyMap<string, ComputeHandler> = new Map(
  [...providers.values()].flatMap((p) => Object.entries(p.handlers ?? {}).map(([name, run]) => [`${p.id}/${name}`, run] as const)),
);
