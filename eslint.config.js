// ESLint (flat config): typescript-eslint's recommended rules over every source file, and the project's own
// bans written as rules where a rule can say them (DESIGN.md principle 2: no clock, chance, locale or
// unsorted directory read in generator code). Formatting is Prettier's (.prettierrc.json), not ESLint's.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

/** What generator code may not use: each would make the same build differ by machine, zone or moment. */
const determinism = [
  {
    selector: "MemberExpression[object.name='Math'][property.name='random']",
    message: "Math.random: key randomness per entity (world/rng.ts).",
  },
  {
    selector: "MemberExpression[object.name='Date'][property.name='now']",
    message: "Date.now: take time from the generation's as-of clock.",
  },
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: "new Date(): take time from the generation's as-of clock.",
  },
  {
    selector: "MemberExpression[object.name='performance'][property.name='now']",
    message: "performance.now: no timing in generator code.",
  },
  { selector: "Identifier[name='Intl']", message: "Intl: locale-dependent; format by hand." },
  { selector: "MemberExpression[property.name=/^toLocale/]", message: "toLocale*: locale-dependent; format by hand." },
  { selector: "MemberExpression[property.name='localeCompare']", message: "localeCompare: locale-dependent; compare code units." },
  {
    selector: "CallExpression[callee.name=/^(readdirSync|readdir)$/]:not(MemberExpression[property.name='sort'] > CallExpression.object)",
    message: "readdir: sort what it returns (directory order differs by file system).",
  },
];

export default tseslint.config(
  { ignores: ["node_modules/", "dist/", ".snapverse/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: "readonly", process: "readonly", Buffer: "readonly", URL: "readonly", setTimeout: "readonly" } },
    rules: {
      // A leading underscore names what is kept for its place (a destructured key left out, an argument of a signature).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
      // `ok && done()` and `a ? b() : c()` as statements are this codebase's idiom for a guarded call.
      "@typescript-eslint/no-unused-expressions": ["error", { allowShortCircuit: true, allowTernary: true }],
    },
  },
  {
    // Tests read JSON bodies of every provider's shape; typing each would restate the providers.
    files: ["test/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // nginx loads its njs module as it is: CommonJS, ES5-style.
    files: ["**/*.njs.js"],
    languageOptions: { sourceType: "commonjs", globals: { require: "readonly", Buffer: "readonly" } },
    // njs has no optional catch binding (`catch {`): a caught error keeps its name, used or not.
    rules: { "@typescript-eslint/no-require-imports": "off", "@typescript-eslint/no-unused-vars": ["error", { caughtErrors: "none" }] },
  },
  {
    files: ["generator/**/*.ts"],
    // The CLI and the Node server time their logs and progress; nothing they time reaches output.
    // The Worker refreshes its pin list on a timer of its own (edge/pins.ts); the pin store's stat cache
    // times its entries.
    ignores: [
      "generator/cli.ts",
      "generator/serve/**",
      "generator/edge/worker.ts",
      "generator/edge/pins.ts",
      "generator/answer/pin-store.ts",
    ],
    rules: { "no-restricted-syntax": ["error", ...determinism] },
  },
);
