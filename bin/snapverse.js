#!/usr/bin/env node
// The snapverse CLI: the TypeScript sources run through tsx, so there is no separate compile step.
import { register } from "tsx/esm/api";

register();
await import("../generator/cli.ts");
