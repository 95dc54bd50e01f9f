import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { raw } from "../edge/processes.js";
import { DOMAIN, nginxParity } from "./harness.js";

/** nginx in front of the local server on GitHub, Bitbucket, GitLab and Azure DevOps, and git clone through nginx. */
const bench = nginxParity({ pins: ["gh-2026-03", "bb-v2", "gl-v4-g5", "ado-7-1"], live: [] });

describe("git clone through nginx", () => {
  it("clones every GitLab repository through nginx: fsck is clean and git log is the API's commit list", async () => {
    const host = `gl-v4-g5.snap.${DOMAIN}`;
    const get = async (path: string) => JSON.parse((await raw(bench.edgePort, host, path, { headers: { "private-token": "glpat-test" } })).body.toString()) as unknown;
    const projects = (await get("/api/v4/projects?per_page=100")) as Array<{ id: number; http_url_to_repo: string }>;
    expect(projects.length).toBeGreaterThan(0);
    for (const project of projects) {
      // The clone URL names the host the tree was built for; nginx is reached path style on its port.
      const url = `http://127.0.0.1:${bench.edgePort}/gl-v4-g5/${new URL(project.http_url_to_repo).pathname.replace(/^\/(gl-v4-g5\/)?/, "")}`;
      const dir = join(bench.work, `clone-${project.id}`);
      const git = (...args: string[]) => spawnSync("git", args, { cwd: dir, encoding: "utf8", env: { ...process.env, GIT_TERMINAL_PROMPT: "0" } });
      expect(spawnSync("git", ["clone", "--quiet", url, dir], { encoding: "utf8" }).status, url).toBe(0);
      expect(git("fsck", "--strict").status).toBe(0);
      const commits = (await get(`/api/v4/projects/${project.id}/repository/commits?per_page=100`)) as Array<{ id: string }>;
      expect(git("log", "--format=%H", "-n", String(commits.length)).stdout.trim().split("\n").join(",")).toBe(commits.map((c) => c.id).join(","));
    }
  }, 120_000);
});
