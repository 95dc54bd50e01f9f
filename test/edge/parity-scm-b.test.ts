import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DOMAIN, GROUPS, parity } from "./harness.js";
import { raw } from "./processes.js";

/** The edge against the local server on GitLab and Azure DevOps (harness.ts), and git clone through the edge. */
const bench = parity(GROUPS.scmB);

describe("git clone from the bucket", () => {
  it("clones every repository through the edge: fsck is clean and git log is the API's commit list", async () => {
    const host = `gl-v4-g5.snap.${DOMAIN}`;
    const get = async (path: string) => JSON.parse((await raw(bench.edgePort, host, path, { headers: { "private-token": "glpat-test" } })).body.toString()) as unknown;
    const projects = (await get("/api/v4/projects?per_page=100")) as Array<{ id: number; http_url_to_repo: string }>;
    expect(projects.length).toBeGreaterThan(0);
    for (const project of projects) {
      // The clone URL names the public host; here the edge is reached path style on its port.
      const url = project.http_url_to_repo.replace(`https://${host}`, `http://127.0.0.1:${bench.edgePort}/gl-v4-g5`);
      const dir = join(bench.work, `clone-${project.id}`);
      const git = (...args: string[]) => spawnSync("git", args, { cwd: dir, encoding: "utf8", env: { ...process.env, GIT_TERMINAL_PROMPT: "0" } });
      expect(spawnSync("git", ["clone", "--quiet", url, dir], { encoding: "utf8" }).status, url).toBe(0);
      expect(git("fsck", "--strict").status).toBe(0);
      const commits = (await get(`/api/v4/projects/${project.id}/repository/commits?per_page=100`)) as Array<{ id: string }>;
      expect(git("log", "--format=%H", "-n", String(commits.length)).stdout.trim().split("\n").join(",")).toBe(commits.map((c) => c.id).join(","));
    }
  }, 120_000);
});
