import { isoSeconds } from "../../world/clock.js";
import type { JsonObject } from "../../core/provider.js";
import type { Commit, Deployment } from "../../world/types.js";
import type { SentryContext, SentryProject, SentryRelease } from "./context.js";

/**
 * Releases, their deploys and commits (ReleaseSerializer, DeploySerializer, CommitSerializer). A
 * release's version is the full commit SHA the deployment shipped (what the SDK reports as `release`);
 * `shortVersion` is its first 12 characters, as Sentry abbreviates a SHA; `ref` is the tag of a GitHub
 * release cut from the same commit, if any. Commits are the repository's main-line commits since the
 * previous release, as `set-commits --auto` records them.
 */

function repoName(s: SentryContext, r: SentryRelease): string {
  return `${s.world.company.slug}/${r.project.repo.name}`;
}

function finished(d: Deployment): number {
  return d.statuses.find((x) => x.state === "success")!.createdAt;
}

export function deploy(r: SentryRelease, d: Deployment): JsonObject {
  return {
    id: String(d.id),
    environment: d.environment,
    dateStarted: isoSeconds(d.createdAt),
    dateFinished: isoSeconds(finished(d)),
    name: r.tag ?? r.version.slice(0, 12),
    url: null,
  };
}

function author(s: SentryContext, c: Commit): JsonObject {
  const p = s.person(c.authorId);
  return { name: p.name, email: p.email };
}

function newGroups(s: SentryContext, r: SentryRelease): number {
  return s.issues.filter((i) => i.group.firstRelease === r.version && i.project === r.project).length;
}

function lastDeploy(r: SentryRelease): JsonObject | null {
  const d = r.deploys.at(-1);
  return d ? deploy(r, d) : null;
}

function events(s: SentryContext, r: SentryRelease): number[] {
  return s.issues.filter((i) => i.project === r.project).flatMap((i) => i.events.filter((e) => e.release === r.version).map((e) => e.at));
}

/** A release as the list, the detail and an event's `release` write it. */
export function releaseSummary(s: SentryContext, r: SentryRelease): JsonObject {
  const last = r.commits[0];
  const times = events(s, r);
  const authors = [...new Map(r.commits.map((c) => [c.authorId, author(s, c)])).values()];
  return {
    id: r.id,
    version: r.version,
    status: "open",
    shortVersion: r.version.slice(0, 12),
    versionInfo: { package: null, version: { raw: r.version }, description: r.version.slice(0, 12), buildHash: r.version },
    ref: r.tag ?? null,
    url: null,
    dateReleased: r.dateReleased === undefined ? null : isoSeconds(r.dateReleased),
    dateCreated: isoSeconds(r.dateCreated),
    data: {},
    newGroups: newGroups(s, r),
    owner: null,
    commitCount: r.commits.length,
    lastCommit: last ? { id: last.sha, message: last.message, dateCreated: isoSeconds(last.committedAt), author: author(s, last) } : null,
    deployCount: r.deploys.length,
    lastDeploy: lastDeploy(r),
    authors,
    projects: [
      {
        id: Number(r.project.id),
        slug: r.project.service.slug,
        name: r.project.service.name,
        newGroups: newGroups(s, r),
        platform: r.project.platform,
        platforms: [r.project.platform],
        hasHealthData: false,
      },
    ],
    firstEvent: times.length ? isoSeconds(Math.min(...times)) : null,
    lastEvent: times.length ? isoSeconds(Math.max(...times)) : null,
    currentProjectMeta: {},
    userAgent: null,
  };
}

/** A repository of the GitHub integration (the one the project's service is built from). */
export function repository(s: SentryContext, project: SentryProject): JsonObject {
  const name = `${s.world.company.slug}/${project.repo.name}`;
  return {
    id: String(s.number(`repo/${project.repo.id}`, 100_000, 999_999)),
    name,
    url: `https://github.com/${name}`,
    provider: { id: "integrations:github", name: "GitHub" },
    status: "active",
    dateCreated: isoSeconds(project.service.createdAt),
    integrationId: String(s.number("integration/github", 100_000, 999_999)),
    externalSlug: name,
    externalId: String(project.repo.id),
  };
}

/** A commit of a release: the repository it is in and the releases that contain it. */
export function releaseCommit(s: SentryContext, r: SentryRelease, c: Commit): JsonObject {
  const pull = r.project.repo.pulls.find((p) => p.mergeCommitSha === c.sha);
  const repo = repository(s, r.project);
  return {
    id: c.sha,
    message: c.message,
    dateCreated: isoSeconds(c.committedAt),
    pullRequest: pull
      ? {
          id: String(pull.number),
          title: pull.title,
          message: pull.body,
          dateCreated: isoSeconds(pull.createdAt),
          mergedAt: pull.mergedAt === undefined ? null : isoSeconds(pull.mergedAt),
          status: "merged",
          repository: repo,
          author: author(s, { authorId: pull.authorId } as Commit),
          externalUrl: `https://github.com/${repoName(s, r)}/pull/${pull.number}`,
        }
      : null,
    suspectCommitType: "",
    repository: repo,
    author: author(s, c),
    releases: [
      {
        version: r.version,
        shortVersion: r.version.slice(0, 12),
        ref: r.tag ?? null,
        url: null,
        dateReleased: r.dateReleased === undefined ? null : isoSeconds(r.dateReleased),
        dateCreated: isoSeconds(r.dateCreated),
      },
    ],
  };
}
