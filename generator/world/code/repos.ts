import { DAY, HOUR } from "../clock.js";
import { ObjectStore } from "../git.js";
import { LAYOUTS } from "./languages.js";
import type { WorldInput } from "../input.js";
import type { Render } from "../templates.js";
import type { Repo } from "./types.js";
import type { Company, Person, Team } from "../org/types.js";
import { LANGUAGES, TEAMS } from "../vocabulary.js";

/** The files a repository is created with, rendered from templates/repo/. */
export function initialFiles(
  render: Render,
  repo: Pick<Repo, "name" | "description" | "language">,
  team: Team,
  lead: Person,
  company: Company,
): Map<string, string> {
  const layout = LAYOUTS[repo.language];
  const ctx = {
    repo,
    team,
    lead,
    company,
    snakeRepo: repo.name.replace(/-/g, "_"),
    setup: layout.setup,
    entryPath: layout.entryPath,
    moduleDir: layout.moduleDir,
    jobs: layout.ciJobs,
  };
  return new Map([
    [".github/workflows/ci.yml", render("common/ci.yml", ctx)],
    ["CHANGELOG.md", render("common/CHANGELOG.md", ctx)],
    ["README.md", render("common/README.md", ctx)],
    [layout.entryPath, render(`${layout.dir}/entry`, ctx)],
    [layout.manifestPath, render(`${layout.dir}/manifest`, ctx)],
  ]);
}

/** Repository shells: name, language, creation time. History is added by the timeline. */
export function buildRepos(c: Pick<WorldInput, "rng" | "teams" | "scale" | "start">): Repo[] {
  const { rng, teams, scale, start } = c;
  const perTeam = scale >= 1.5 ? 3 : 2;
  const repos: Repo[] = [];
  for (const team of teams) {
    const services = TEAMS.find(([, key]) => key === team.key)![2];
    for (const name of services.slice(0, perTeam)) {
      const r = rng(`repo/${name}`);
      const language = r.pick(LANGUAGES);
      repos.push({
        id: repos.length + 1,
        name,
        teamId: team.id,
        language,
        description: describe(name, team.name),
        topics: [team.slug, language.toLowerCase(), name.split("-").pop()!].filter((t, i, a) => a.indexOf(t) === i),
        createdAt: start - r.int(60, 700) * DAY - r.int(0, 23) * HOUR,
        defaultBranch: "main",
        objects: new ObjectStore(),
        mainCommits: [],
        branches: [],
        pulls: [],
        issues: [],
        runs: [],
        statuses: [],
        milestones: [],
        releases: [],
        deployments: [],
        lastNumber: 0,
      });
    }
  }
  return repos;
}

function describe(name: string, teamName: string): string {
  const kind = name.split("-").pop();
  const what = name.split("-").slice(0, -1).join(" ");
  const role: Record<string, string> = {
    api: "HTTP API",
    worker: "background worker",
    renderer: "rendering service",
    gateway: "edge gateway",
    service: "service",
    tools: "operational tooling",
    store: "storage service",
    bridge: "integration bridge",
    pipeline: "streaming pipeline",
    sync: "sync job",
    app: "client application",
    notifier: "notification service",
    bff: "backend-for-frontend",
    web: "web front end",
    campaigns: "campaign service",
    indexer: "indexing service",
    checker: "probe service",
    bot: "chat bot",
    router: "routing service",
  };
  return `The ${what} ${role[kind ?? ""] ?? "service"} of the ${teamName} team.`;
}
