import type { Language } from "../vocabulary.js";

/** Where each language keeps its files, and how CI builds it. Template names are under templates/repo/. */
export interface LanguageLayout {
  dir: string;
  manifestPath: string;
  entryPath: string;
  moduleDir: string;
  modulePath(slug: string): string;
  testPath(slug: string): string;
  setup: string[];
  ciJobs: Array<{ id: string; steps: string[] }>;
}

const snake = (s: string) => s.replace(/-/g, "_");

export const LAYOUTS: Record<Language, LanguageLayout> = {
  TypeScript: {
    dir: "typescript",
    manifestPath: "package.json",
    entryPath: "src/index.ts",
    moduleDir: "src",
    modulePath: (s) => `src/${s}.ts`,
    testPath: (s) => `test/${s}.test.ts`,
    setup: ["npm ci", "npm test"],
    ciJobs: [
      { id: "build", steps: ["npm ci", "npm run build"] },
      { id: "test", steps: ["npm ci", "npm test"] },
      { id: "lint", steps: ["npm ci", "npm run lint"] },
    ],
  },
  Go: {
    dir: "go",
    manifestPath: "go.mod",
    entryPath: "main.go",
    moduleDir: ".",
    modulePath: (s) => `${snake(s)}.go`,
    testPath: (s) => `${snake(s)}_test.go`,
    setup: ["go build ./...", "go test ./..."],
    ciJobs: [
      { id: "build", steps: ["go build ./..."] },
      { id: "test", steps: ["go test ./..."] },
      { id: "lint", steps: ["go vet ./..."] },
    ],
  },
  Python: {
    dir: "python",
    manifestPath: "pyproject.toml",
    entryPath: "app/__main__.py",
    moduleDir: "app",
    modulePath: (s) => `app/${snake(s)}.py`,
    testPath: (s) => `tests/test_${snake(s)}.py`,
    setup: ["pip install -e .", "pytest"],
    ciJobs: [
      { id: "build", steps: ["pip install -e ."] },
      { id: "test", steps: ["pip install -e .", "pytest"] },
      { id: "lint", steps: ["ruff check ."] },
    ],
  },
  Kotlin: {
    dir: "kotlin",
    manifestPath: "build.gradle.kts",
    entryPath: "src/main/kotlin/App.kt",
    moduleDir: "src/main/kotlin",
    modulePath: (s) => `src/main/kotlin/${pascal(s)}.kt`,
    testPath: (s) => `src/test/kotlin/${pascal(s)}Test.kt`,
    setup: ["./gradlew build", "./gradlew test"],
    ciJobs: [
      { id: "build", steps: ["./gradlew assemble"] },
      { id: "test", steps: ["./gradlew test"] },
      { id: "lint", steps: ["./gradlew ktlintCheck"] },
    ],
  },
  Ruby: {
    dir: "ruby",
    manifestPath: "Gemfile",
    entryPath: "config.ru",
    moduleDir: "lib",
    modulePath: (s) => `lib/${snake(s)}.rb`,
    testPath: (s) => `spec/${snake(s)}_spec.rb`,
    setup: ["bundle install", "bundle exec rspec"],
    ciJobs: [
      { id: "build", steps: ["bundle install"] },
      { id: "test", steps: ["bundle exec rspec"] },
      { id: "lint", steps: ["bundle exec rubocop"] },
    ],
  },
  Rust: {
    dir: "rust",
    manifestPath: "Cargo.toml",
    entryPath: "src/main.rs",
    moduleDir: "src",
    modulePath: (s) => `src/${snake(s)}.rs`,
    testPath: (s) => `tests/${snake(s)}.rs`,
    setup: ["cargo build", "cargo test"],
    ciJobs: [
      { id: "build", steps: ["cargo build --locked"] },
      { id: "test", steps: ["cargo test"] },
      { id: "lint", steps: ["cargo clippy -- -D warnings"] },
    ],
  },
};

export function pascal(slug: string): string {
  return slug
    .split(/[-_ ]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join("");
}

export function camel(slug: string): string {
  const p = pascal(slug);
  return p[0]!.toLowerCase() + p.slice(1);
}
