import type { AdoContext } from "./context.js";

/**
 * Names where ids go. Azure DevOps takes a project, repository or team by name or by id (the SDK often
 * passes names), reads the project as optional on repository-scoped git routes, and writes some
 * resource names with capitals in the URLs it returns (`build/Builds/7/Timeline`, `Graph/Users`). Keys
 * use the canonical form: git under the organization with the repository id, everything else under the
 * project id. The resolver applies the first rule whose pattern matches, so each rule handles a whole
 * prefix (project and repository together). Names match case-insensitively, as Azure DevOps does.
 */
export type Alias = { from: string; to: string };

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A case-insensitive pattern for a literal name (RegExp sources in profiles carry no flags). */
export function anyCase(name: string): string {
  return [...name]
    .map((ch) => {
      const lo = ch.toLowerCase();
      const up = ch.toUpperCase();
      return lo !== up ? `[${lo}${up}]` : escape(ch);
    })
    .join("");
}

const oneOf = (...names: string[]) => `(?:${names.join("|")})`;

export function aliasRules(ado: AdoContext): Alias[] {
  const o = escape(ado.org);
  const pid = ado.projectId;
  const project = oneOf(anyCase(ado.projectName), anyCase(pid));
  const optProject = `(?:${project}/)?`;
  const rules: Alias[] = [
    { from: `^${o}/_apis/${anyCase("location")}$`, to: `${ado.org}/_apis/Location` },
    { from: `^${o}/_apis/${anyCase("resourceareas")}$`, to: `${ado.org}/_apis/ResourceAreas` },
    { from: `^${o}/_apis/${anyCase("connectiondata")}$`, to: `${ado.org}/_apis/connectionData` },
  ];
  // Git: repository by name or id, with or without the project, and `pullrequests` as the docs spell it.
  for (const repo of [...ado.world.repos].sort((a, b) => a.id - b.id)) {
    const rid = ado.repoId(repo);
    const prefix = `^${o}/${optProject}_apis/git/repositories/${oneOf(anyCase(repo.name), anyCase(rid))}`;
    rules.push({ from: `${prefix}/pull[rR]equests(?=/|$)`, to: `${ado.org}/_apis/git/repositories/${rid}/pullRequests` });
    rules.push({ from: `${prefix}(?=/|$)`, to: `${ado.org}/_apis/git/repositories/${rid}` });
  }
  rules.push({ from: `^${o}/${project}/_apis/git/repositories$`, to: `${ado.org}/_apis/git/repositories` });
  rules.push({ from: `^${o}/${optProject}_apis/git/pull[rR]equests(?=/|$)`, to: `${ado.org}/${pid}/_apis/git/pullRequests` });
  // Work items are organization-scoped; `workitems` as the docs spell it.
  rules.push({ from: `^${o}/${optProject}_apis/wit/work[iI]tems[bB]atch$`, to: `${ado.org}/_apis/wit/workitemsbatch` });
  rules.push({ from: `^${o}/${optProject}_apis/wit/work[iI]tems(?=/|$)`, to: `${ado.org}/_apis/wit/workItems` });
  // Fields are the organization's (one process): a project-scoped field is the organization's.
  rules.push({ from: `^${o}/${optProject}_apis/wit/fields/(.+)$`, to: `${ado.org}/_apis/wit/fields/$1` });
  // Classification nodes as the docs (`classificationnodes/areas`) and the service's URLs (`classificationNodes/Areas`) spell them.
  const nodes = `^${o}/${project}/_apis/wit/${anyCase("classificationnodes")}`;
  rules.push({ from: `${nodes}/${anyCase("areas")}(?=/|$)`, to: `${ado.org}/${pid}/_apis/wit/classificationNodes/Areas` });
  rules.push({ from: `${nodes}/${anyCase("iterations")}(?=/|$)`, to: `${ado.org}/${pid}/_apis/wit/classificationNodes/Iterations` });
  rules.push({ from: `${nodes}$`, to: `${ado.org}/${pid}/_apis/wit/classificationNodes` });
  // Teams by name or id: team-scoped routes and the core teams API.
  for (const t of ado.teams) {
    const team = oneOf(anyCase(t.name), anyCase(t.id));
    rules.push({ from: `^${o}/${project}/${team}/_apis/`, to: `${ado.org}/${pid}/${t.id}/_apis/` });
    rules.push({ from: `^${o}/_apis/projects/${project}/teams/${team}(?=/|$)`, to: `${ado.org}/_apis/projects/${pid}/teams/${t.id}` });
  }
  // Builds and definitions as build URLs spell them.
  rules.push({
    from: `^${o}/${project}/_apis/build/[bB]uilds/(\\d+)/[tT]imeline(?=/|$)`,
    to: `${ado.org}/${pid}/_apis/build/builds/$1/timeline`,
  });
  rules.push({ from: `^${o}/${project}/_apis/build/[bB]uilds(?=/|$)`, to: `${ado.org}/${pid}/_apis/build/builds` });
  rules.push({ from: `^${o}/${project}/_apis/build/[dD]efinitions(?=/|$)`, to: `${ado.org}/${pid}/_apis/build/definitions` });
  rules.push({ from: `^${o}/_apis/[gG]raph/[uU]sers(?=/|$)`, to: `${ado.org}/_apis/graph/users` });
  for (const kind of ["Memberships", "MembershipStates", "StorageKeys", "Groups"])
    rules.push({ from: `^${o}/_apis/${anyCase("graph")}/${anyCase(kind)}(?=/|$)`, to: `${ado.org}/_apis/Graph/${kind}` });
  rules.push({ from: `^${o}/_apis/${anyCase("identities")}(?=/|$)`, to: `${ado.org}/_apis/Identities` });
  rules.push({ from: `^${o}/_apis/projects/${project}(?=/|$)`, to: `${ado.org}/_apis/projects/${pid}` });
  // Anything else project-scoped, by project name.
  rules.push({ from: `^${o}/${project}/`, to: `${ado.org}/${pid}/` });
  return rules;
}
