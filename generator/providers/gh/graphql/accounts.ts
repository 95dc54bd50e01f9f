import { page } from "./connection.js";
import { type Args, type Node, once, pathOf, time, type Info } from "./node.js";
import type { PinSource, Rest } from "./source.js";
import { orderRepositories, repository } from "./repository.js";

/**
 * An account from any REST user object (the simple form in lists, or the full one): User, Bot or
 * Organization by REST's `type`. What only the full profile has (`name`, `email`, `createdAt` …) is
 * read from `users/{login}` when asked for.
 */
export function actor(src: PinSource, rest: Rest | null | undefined): Node | null {
  if (!rest) return null;
  if (rest.type === "Organization") return organization(src, rest);
  const full = once(async () => (await src.get(`users/${rest.login}`)) ?? rest);
  const profile = (key: string) => async () => ((await full())[key] ?? null) as unknown;
  return {
    __typename: rest.type === "Bot" ? "Bot" : "User",
    id: rest.node_id,
    databaseId: rest.id,
    login: rest.login,
    avatarUrl: rest.avatar_url,
    url: rest.html_url,
    resourcePath: pathOf(rest.html_url),
    isSiteAdmin: rest.site_admin ?? false,
    name: profile("name"),
    company: profile("company"),
    location: profile("location"),
    bio: profile("bio"),
    twitterUsername: profile("twitter_username"),
    websiteUrl: async () => ((await full()).blog || null) as unknown,
    email: async () => ((await full()).email ?? "") as unknown,
    createdAt: profile("created_at"),
    updatedAt: profile("updated_at"),
    organizations: async (args: Args, info: Info) =>
      page(await src.list(`users/${rest.login}/orgs`), args, info, (o) => organization(src, o)),
    organization: async (args: Args) => {
      const orgs = await src.list(`users/${rest.login}/orgs`);
      const o = orgs.find((x) => String(x.login).toLowerCase() === String(args.login).toLowerCase());
      return o ? organization(src, o) : null;
    },
  };
}

export async function userByLogin(src: PinSource, login: string): Promise<Node | null> {
  const rest = await src.get(`users/${login}`);
  return rest && rest.type !== "Organization" ? actor(src, rest) : null;
}

/** An organization from `orgs/{org}` or the short form lists carry. */
export function organization(src: PinSource, rest: Rest): Node {
  const login = String(rest.login);
  const full = once(async () => (await src.get(`orgs/${login}`)) ?? rest);
  const profile = (key: string) => async () => ((await full())[key] ?? null) as unknown;
  return {
    __typename: "Organization",
    id: rest.node_id,
    databaseId: rest.id,
    login,
    avatarUrl: rest.avatar_url,
    url: async () => (await full()).html_url,
    resourcePath: `/${login}`,
    name: profile("name"),
    description: profile("description"),
    email: profile("email"),
    location: profile("location"),
    websiteUrl: async () => ((await full()).blog || null) as unknown,
    twitterUsername: profile("twitter_username"),
    createdAt: profile("created_at"),
    updatedAt: profile("updated_at"),
    isVerified: profile("is_verified"),
    membersWithRole: async (args: Args, info: Info) => {
      const members = await src.list(`orgs/${login}/members`);
      const conn = page(members, args, info, (m) => actor(src, m));
      // The edge's role: admins are the org's owners in REST's membership (`site_admin` is GitHub staff).
      return { ...conn, edges: conn.edges.map((e) => ({ ...e, role: "MEMBER" })) };
    },
    teams: async (args: Args, info: Info) => {
      let teams = await src.list(`orgs/${login}/teams`);
      if (args.query) teams = teams.filter((t) => `${t.name} ${t.slug}`.toLowerCase().includes(String(args.query).toLowerCase()));
      return page(teams, args, info, (t) => team(src, login, t));
    },
    team: async (args: Args) => {
      const t = await src.get(`orgs/${login}/teams/${args.slug}`);
      return t ? team(src, login, t) : null;
    },
    repositories: async (args: Args, info: Info) => {
      const repos = (await src.list(`orgs/${login}/repos`)).filter((r) => {
        if (args.privacy === "PUBLIC" && r.private) return false;
        if (args.privacy === "PRIVATE" && !r.private) return false;
        if (args.isFork !== undefined && args.isFork !== null && r.fork !== args.isFork) return false;
        if (args.isArchived !== undefined && args.isArchived !== null && r.archived !== args.isArchived) return false;
        return true;
      });
      return page(orderRepositories(repos, args.orderBy), args, info, (r) => repository(src, r));
    },
    repository: async (args: Args) => {
      const r = await src.get(`repos/${login}/${args.name}`);
      return r ? repository(src, r) : null;
    },
    viewerIsAMember: true,
    viewerCanAdminister: false,
  };
}

/** A team from the org's team list or `orgs/{org}/teams/{slug}`. */
export function team(src: PinSource, org: string, rest: Rest): Node {
  const full = once(async () => (await src.get(`orgs/${org}/teams/${rest.slug}`)) ?? rest);
  return {
    __typename: "Team",
    id: rest.node_id,
    databaseId: rest.id,
    name: rest.name,
    slug: rest.slug,
    combinedSlug: `${org}/${rest.slug}`,
    description: rest.description ?? null,
    privacy: rest.privacy === "secret" ? "SECRET" : "VISIBLE",
    url: rest.html_url,
    resourcePath: pathOf(rest.html_url),
    createdAt: async () => time((await full()).created_at),
    updatedAt: async () => time((await full()).updated_at),
    parentTeam: null,
    organization: async () => organization(src, (await src.get(`orgs/${org}`))!),
    members: async (args: Args, info: Info) => {
      const members = await src.list(`orgs/${org}/teams/${rest.slug}/members`);
      const conn = page(members, args, info, (m) => actor(src, m));
      return { ...conn, edges: conn.edges.map((e) => ({ ...e, role: "MEMBER" })) };
    },
  };
}
