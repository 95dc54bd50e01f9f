import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { claimScratch, staleScratch } from "../setup/scratch.js";

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

describe("the test run's scratch folder", () => {
  it("sweeps the folders of dead runs, and keeps live runs' and everything it does not own", async () => {
    const parent = mkdtempSync(join(tmpdir(), "snapverse-scratch-"));
    try {
      const dead = deadPid();
      const left = [`snapverse-test-${dead}-AbC123`, `snapverse-test-${dead}-XyZ789.deleting`];
      const kept = [`snapverse-test-${process.pid}-Live01`, "snapverse-test-NoPid1", "snapverse-test-1-x.y", "other"];
      for (const name of [...left, ...kept]) mkdirSync(join(parent, name, "pin"), { recursive: true });

      expect(
        staleScratch(parent)
          .map((dir) => basename(dir))
          .join(","),
      ).toBe(left.join(","));
      expect(staleScratch(parent, () => true).length).toBe(0);

      const mine = claimScratch(parent);
      expect(basename(mine)).toMatch(new RegExp(`^snapverse-test-${process.pid}-[A-Za-z0-9]{6}$`));
      await vi.waitFor(() => expect(readdirSync(parent).sort().join(",")).toBe([...kept, basename(mine)].sort().join(",")), {
        timeout: 10_000,
        interval: 50,
      });
      expect(existsSync(join(parent, kept[0]!, "pin"))).toBe(true);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
