import { conformance } from "../../conformance/suite.js";
import { options } from "./conformance-options.js";

/** The generation-5 pin; the generation-1 pin is checked in conformance-g1.test.ts, so each file stays well under the per-file budget. */
conformance("ado", { ...options, pins: ["ado-7-1-g5"] });
