import { WorldContext } from "../../core/context.js";
import { uuidFromHex } from "../../world/ids.js";
import { createHash } from "node:crypto";
import type { JsonObject, PinContext } from "../../core/provider.js";
import { isoMillis, isoSeconds } from "../../world/clock.js";
import type { Commit, Person, PullRequest, Repo, Team, World } from "../../world/types.js";

/**
 * What every Bitbucket renderer needs: the pin's origin, the world, and Bitbucket's naming. API URLs start
 * with the pin's origin and `/2.0`; web links (`html`, avatars) use a web host under the service domain,
 * since the pin serves the API and not Bitbucket's web pages.
 */
export class BbContext extends WorldContext {
  /** `https://<pin>.snap.<domain>/2.0`: the base every API link starts with. */
  readonly api: string;
  readonly web: string;
  /** The workspace slug: the company's, as GitHub's org login and GitLab's group path. */
  readonly ws: string;
  readonly files: boolean;
  readonly viewer: Person;
  private readonly commits = new Map<string, Map<string, Commit>>();

  constructor(world: World, pin: PinContext) {
    super(world, pin);
    this.api = `${pin.origin}/2.0`;
    this.web = `https://bitbucket.${pin.catalog.serviceDomain}`;
    this.ws = world.company.slug;
    this.files = pin.pin.files;
    this.viewer = world.people.find((p) => p.admin) ?? world.people[0]!;
  }

  /**
   * Bitbucket's `{uuid}` identifiers, braces included, derived from the generation's seed and the entity's
   * path so that adding an entity never changes another's.
   */
  uuid(path: string): string {
    return this.once(`uuid/${path}`, () => {
      const h = createHash("sha256").update(`${this.world.generation.seed}\u0000bb\u0000${path}`).digest("hex");
      return `{${uuidFromHex(h)}}`;
    });
  }

  personUuid(p: Person): string {
    return this.uuid(`person/${p.id}`);
  }

  /** Atlassian account ids (`712020:<uuid>`); the served alias maps one back to the user's `{uuid}`. */
  accountId(p: Person): string {
    return `${ACCOUNT_PREFIX}:${this.personUuid(p).slice(1, -1)}`;
  }

  workspaceUuid(): string {
    return this.uuid("workspace");
  }

  repoUuid(repo: Repo): string {
    return this.uuid(`repo/${repo.name}`);
  }

  projectUuid(team: Team): string {
    return this.uuid(`project/${team.key}`);
  }

  /** `2.0/repositories/<ws>/<repo>`: the resource path prefix of a repository. */
  repoPath(repo: Repo): string {
    return `2.0/repositories/${this.ws}/${repo.name}`;
  }

  repoUrl(repo: Repo): string {
    return `${this.pin.origin}/${this.repoPath(repo)}`;
  }

  /** Where `git clone` reads the repository: the pin itself when it serves files (generation 5). */
  cloneUrl(repo: Repo): string {
    return this.files ? `${this.pin.origin}/${this.ws}/${repo.name}.git` : `${this.repoHtml(repo)}.git`;
  }

  repoHtml(repo: Repo): string {
    return `${this.web}/${this.ws}/${repo.name}`;
  }

  /** Every commit of a repository by SHA: the default branch and every pull request's commits. */
  commitsOf(repo: Repo): Map<string, Commit> {
    let map = this.commits.get(repo.name);
    if (!map) {
      map = new Map([...repo.mainCommits, ...repo.pulls.flatMap((p) => p.commits)].map((c) => [c.sha, c]));
      this.commits.set(repo.name, map);
    }
    return map;
  }

  /** The commits reachable from `head` by first parents, newest first, as `git log --first-parent` lists them. */
  history(repo: Repo, head: string): Commit[] {
    const bySha = this.commitsOf(repo);
    const out: Commit[] = [];
    for (let c = bySha.get(head); c; c = c.parents[0] ? bySha.get(c.parents[0]) : undefined) out.push(c);
    return out;
  }
}

export const ACCOUNT_PREFIX = "712020";

/** Bitbucket's object timestamps: microseconds and an explicit UTC offset, `2026-04-02T09:14:00.000000+00:00`. */
export function bbTime(ms: number): string {
  return `${isoMillis(ms).slice(0, -1)}000+00:00`;
}

/** Commit dates carry seconds only: `2026-04-02T09:14:00+00:00`. */
export function commitTime(ms: number): string {
  return isoSeconds(ms).replace(/Z$/, "+00:00");
}

/** A link object, Bitbucket's `{href}`. */
export function href(url: string): JsonObject {
  return { href: url };
}

/** `{uuid}` in a URL path, as Bitbucket writes it: the braces percent-encoded. */
export function enc(uuid: string): string {
  return uuid.replace(/\{/g, "%7B").replace(/\}/g, "%7D");
}

/** A repository file path in a URL: each segment percent-encoded, slashes kept. */
export function encPath(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}

/** Bitbucket's pull request states. The world never supersedes one. */
export type PrState = "OPEN" | "MERGED" | "DECLINED" | "SUPERSEDED";

export function prState(pr: PullRequest): PrState {
  if (pr.state === "open") return "OPEN";
  return pr.mergedAt !== undefined ? "MERGED" : "DECLINED";
}

/**
 * Bitbucket's `rendered` text: the raw markdown and its HTML. The HTML is a plain rendering (paragraphs,
 * list items, headings, inline code), enough for clients that display it.
 */
export function rendered(raw: string): JsonObject {
  return { type: "rendered", raw, markup: "markdown", html: markdownHtml(raw) };
}

function markdownHtml(raw: string): string {
  if (raw.trim() === "") return "";
  const esc = (s: string) =>
    s
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/`([^`]+)`/g, "<code>$1</code>");
  const blocks = raw
    .replace(/\r\n/g, "\n")
    .split(/\n{2,}/)
    .map((b) => b.trim())
    .filter(Boolean);
  return blocks
    .map((block) => {
      const lines = block.split("\n");
      const heading = /^(#{1,6})\s+(.*)$/.exec(block);
      if (heading && lines.length === 1) {
        const level = heading[1]!.length;
        const text = heading[2]!;
        const id = `markdown-header-${text
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-")
          .replace(/^-|-$/g, "")}`;
        return `<h${level} id="${id}">${esc(text)}</h${level}>`;
      }
      if (lines.every((l) => /^[-*]\s+/.test(l)))
        return `<ul>\n${lines.map((l) => `<li>${esc(l.replace(/^[-*]\s+/, ""))}</li>`).join("\n")}\n</ul>`;
      return `<p>${lines.map(esc).join("<br>\n")}</p>`;
    })
    .join("\n");
}
