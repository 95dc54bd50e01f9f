import { conformance } from "../../conformance/suite.js";
import { options } from "./conformance-options.js";

/** The generation-1 pin, in a file of its own so that each conformance file stays under the per-file budget. */
conformance("jira", { ...options, pins: ["jira-v3"] });
