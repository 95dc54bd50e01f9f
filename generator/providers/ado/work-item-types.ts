import type { JsonValue, Resource } from "../../core/provider.js";
import type { AdoContext } from "./context.js";
import { FIELD_DEFS } from "./boards.js";

/**
 * The Agile process's work item types the pins' items use (User Story, Bug, Task), as work items'
 * `_links.workItemType` names them: `{project}/_apis/wit/workItemTypes` (not paged) and
 * `/workItemTypes/{name}`. Each carries its states (with their categories and colours as the Agile
 * process has them), its transitions, and the fields its items carry (FIELD_DEFS, the same as
 * `_apis/wit/fields`). Icons point at the service's icon host (another host, not served), as the
 * service writes them; `xmlForm` is not served (empty).
 */
interface TypeSpec {
  name: string;
  ref: string;
  color: string;
  icon: string;
  description: string;
  states: Array<[name: string, category: string, color: string]>;
}

const COMMON: Array<[string, string, string]> = [
  ["New", "Proposed", "b2b2b2"],
  ["Active", "InProgress", "007acc"],
  ["Resolved", "Resolved", "ff9d00"],
  ["Closed", "Completed", "339933"],
  ["Removed", "Removed", "ffffff"],
];

export const TYPES: TypeSpec[] = [
  {
    name: "Bug",
    ref: "Microsoft.VSTS.WorkItemTypes.Bug",
    color: "CC293D",
    icon: "icon_insect",
    description:
      "Describes a divergence between required and actual behavior, and tracks the work done to correct the defect and verify the correction.",
    states: COMMON,
  },
  {
    name: "Task",
    ref: "Microsoft.VSTS.WorkItemTypes.Task",
    color: "F2CB1D",
    icon: "icon_clipboard",
    description: "Tracks work that needs to be done.",
    states: COMMON.filter(([s]) => s !== "Resolved"),
  },
  {
    name: "User Story",
    ref: "Microsoft.VSTS.WorkItemTypes.UserStory",
    color: "009CCC",
    icon: "icon_book",
    description: "Tracks an activity the user will be able to perform with the product",
    states: COMMON,
  },
];

function workItemType(ado: AdoContext, t: TypeSpec): JsonValue {
  const url = `${ado.orgUrl}/${ado.projectId}/_apis/wit/workItemTypes/${encodeURIComponent(t.name)}`;
  const fields = FIELD_DEFS.map(([ref, name]) => ({
    defaultValue: null,
    alwaysRequired: ref === "System.Title" || ref === "System.State",
    referenceName: ref,
    name,
    url: `${ado.orgUrl}/_apis/wit/fields/${ref}`,
  }));
  const names = t.states.map(([s]) => s);
  const transitions: Record<string, JsonValue> = { "": [{ to: "New", actions: null }] };
  for (const from of names) transitions[from] = names.filter((to) => to !== from).map((to) => ({ to, actions: null }));
  return {
    name: t.name,
    referenceName: t.ref,
    description: t.description,
    color: t.color,
    icon: {
      id: t.icon,
      url: `https://tfsprodcus3.visualstudio.${ado.pin.catalog.serviceDomain}/_apis/wit/workItemIcons/${t.icon}?color=${t.color}&v=2`,
    },
    isDisabled: false,
    xmlForm: "",
    fields,
    fieldInstances: fields,
    transitions,
    states: t.states.map(([name, category, color]) => ({ name, color, category })),
    _links: { self: { href: url } },
    url,
  };
}

export function* workItemTypeResources(ado: AdoContext): Generator<Resource> {
  const base = `${ado.projectPath()}/_apis/wit/workItemTypes`;
  const all = TYPES.map((t) => workItemType(ado, t));
  yield { path: base, body: { count: all.length, value: all } };
  for (const [i, t] of TYPES.entries()) yield { path: `${base}/${t.name}`, body: all[i]! };
}
