import type { ZdModel } from "./model.js";
import { ENGINEERING_FIELD } from "./model.js";

/**
 * The account's ticket fields: Zendesk's system fields (not removable) and one custom text field,
 * "Engineering issue", that escalated tickets fill with the Jira or Linear key of their bug.
 */
export interface ZdField {
  id: number;
  type: string;
  title: string;
  description: string;
  position: number;
  removable: boolean;
  visibleInPortal: boolean;
  createdAt: number;
  options?: Array<[string, string]>;
}

const SYSTEM: Array<[type: string, title: string, description: string, portal: boolean, options?: Array<[string, string]>]> = [
  ["subject", "Subject", "", true],
  [
    "description",
    "Description",
    "Please enter the details of your request. A member of our support staff will respond as soon as possible.",
    true,
  ],
  [
    "status",
    "Status",
    "Request status",
    false,
    [
      ["Open", "open"],
      ["Pending", "pending"],
      ["Solved", "solved"],
    ],
  ],
  [
    "tickettype",
    "Type",
    "Request type",
    false,
    [
      ["Question", "question"],
      ["Incident", "incident"],
      ["Problem", "problem"],
      ["Task", "task"],
    ],
  ],
  [
    "priority",
    "Priority",
    "Request priority",
    false,
    [
      ["Low", "low"],
      ["Normal", "normal"],
      ["High", "high"],
      ["Urgent", "urgent"],
    ],
  ],
  ["group", "Group", "Request group", false],
  ["assignee", "Assignee", "Agent assigned to your request", true],
];

export function ticketFields(m: ZdModel): ZdField[] {
  const created = m.groups[0]?.createdAt ?? m.world.start;
  const system = SYSTEM.map(([type, title, description, portal, options], i): ZdField => ({
    id: m.numericId(`field/${type}`),
    type,
    title,
    description,
    position: i + 1,
    removable: false,
    visibleInPortal: portal,
    createdAt: created,
    ...(options ? { options } : {}),
  }));
  return [...system, engineeringField(m)].sort((a, b) => a.position - b.position || a.id - b.id);
}

export function engineeringField(m: ZdModel): ZdField {
  return {
    id: m.numericId("field/engineering-issue"),
    type: "text",
    title: ENGINEERING_FIELD,
    description: "The Jira or Linear key of the bug this ticket was escalated as.",
    position: 9,
    removable: true,
    visibleInPortal: false,
    createdAt: m.groups[0]?.createdAt ?? m.world.start,
  };
}
