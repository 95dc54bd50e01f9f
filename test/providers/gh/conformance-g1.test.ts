import { conformance } from "../../conformance/suite.js";
import { options } from "./conformance-options.js";

/** The generation-1 pin, in a file of its own so that each conformance file stays under the per-file budget. */
conformance("gh", { ...options, pins: ["gh-2026-03"] });
