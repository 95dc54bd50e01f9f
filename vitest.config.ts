import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/setup/global.ts"],
    // Each test worker builds and serves in memory too: the providers' mechanisms are registered there.
    setupFiles: ["test/setup/providers.ts"],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // Two cores: builds are heavy, so test files run one or two at a time.
    maxWorkers: 2,
    // Worker threads: with forks, vitest 4 on Node 20 waits out a termination timeout after every file.
    pool: "threads",
    // Files share a worker's module graph: importing the generator (every provider) once per worker, not
    // once per file, saves about a minute. No test mocks modules or changes shared state.
    isolate: false,
  },
});
