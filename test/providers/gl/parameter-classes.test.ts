import { glDocumented, glParams } from "../../../generator/providers/gl/params.js";
import { glLists } from "../../../generator/providers/gl/queries.js";
import { describeParameterClasses } from "../../conformance/parameter-classes.js";

/** GitLab publishes no complete description: the documented parameters of the list operations connectors call (gl/params.ts). */
describeParameterClasses("gl", { ops: glDocumented, classes: glParams, lists: glLists(1), gaps: 15 });
