import { conformance } from "../../conformance/suite.js";
import { options } from "./conformance-options.js";

/** The generation-1 pin, in a file of its own so that each conformance file stays well under the per-file budget. */
conformance("ado", { ...options, pins: ["ado-7-1"] });
