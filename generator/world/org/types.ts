/** The org domain's part of the world: the company, its teams and the people in them. */
export interface OrgPart {
  company: Company;
  people: Person[];
  teams: Team[];
}

export interface Company {
  name: string;
  /** Used as the org login / workspace / group path. */
  slug: string;
  domain: string;
  foundedAt: number;
}

export interface Person {
  id: number;
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  /** One handle per provider family; most people keep one handle, a few differ per site. */
  handles: { github: string; gitlab: string; bitbucket: string; atlassian: string; slack: string };
  timeZone: string;
  utcOffsetMinutes: number;
  role: string;
  teamId: number;
  joinedAt: number;
  /** A site administrator of the org. */
  admin: boolean;
}

export interface Team {
  id: number;
  name: string;
  slug: string;
  /** The tracker project key, e.g. PAY. */
  key: string;
  description: string;
  leadId: number;
  memberIds: number[];
  createdAt: number;
}
