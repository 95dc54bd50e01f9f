import type { JsonValue, Resource } from "../../core/provider.js";
import type { AdoContext } from "./context.js";

/**
 * The discovery protocol azure-devops-node-api runs before any call: `OPTIONS {org}/_apis/Location`
 * (the Location area's resources), `GET {org}/_apis/ResourceAreas` (where each area lives), then
 * `OPTIONS {org}/_apis/{area}`, whose answer gives each resource's location id, route template and
 * versions. The client picks a location by the GUID hard-coded in its generated code, builds the URL
 * from `routeTemplate` (dropping segments whose route value is missing) and negotiates the version:
 * with `maxVersion` = `releasedVersion` = 7.1, a client asking for 7.2-preview.N gets `api-version=7.1`,
 * and one asking for 7.1-preview.N (the work item tracking client) keeps it.
 *
 * Each entry: the location id the SDK asks for, its resource name, its route template (as Azure DevOps
 * registers it: scope prefix, then `{area}/{resource}/...`), and the resource version.
 */
type Location = [id: string, resource: string, template: string, resourceVersion: number];

const REPO = "{project}/_apis/{area}/repositories/{repositoryId}";
const PULL = `${REPO}/pullRequests/{pullRequestId}`;

export const AREAS: Record<string, { areaId?: string; locations: Location[] }> = {
  Location: {
    locations: [
      ["e81700f7-3be2-46de-8624-2eb35882fcaa", "ResourceAreas", "_apis/{resource}/{areaId}", 1],
      ["00d9565f-ed9c-4a06-9a50-00e7896ccab4", "ConnectionData", "_apis/{resource}", 1],
    ],
  },
  core: {
    areaId: "79134c72-4a58-4b42-976c-04e7115f32bf",
    locations: [
      ["603fe2ac-9723-48b9-88ad-09305aa6c6e1", "projects", "_apis/{resource}/{*projectId}", 4],
      ["d30a3dd1-f8ba-442a-b86a-bd0c0c383e59", "teams", "_apis/projects/{projectId}/{resource}/{*teamId}", 3],
      ["294c494c-2600-4d7e-b76c-3dd50c3c95be", "members", "_apis/projects/{projectId}/teams/{teamId}/{resource}", 2],
      ["7a4d9ee9-3433-4347-b47a-7a80f1cf307e", "teams", "_apis/{resource}", 3],
    ],
  },
  git: {
    areaId: "4e080c62-fa21-4fbc-8fef-2a10a2b38049",
    locations: [
      ["225f7195-f9c7-4d14-ab28-a83f7ff77e1f", "repositories", "{project}/_apis/{area}/{resource}/{repositoryId}", 2],
      ["2d874a60-a811-4f62-9c9f-963a6ea0a55b", "refs", `${REPO}/{resource}/{*filter}`, 2],
      ["d5b216de-d8d5-4d32-ae76-51df755b16d3", "branches", `${REPO}/stats/{resource}`, 2],
      ["c2570c3b-5b3f-41b8-98bf-5407bfde8d58", "commits", `${REPO}/{resource}/{commitId}`, 2],
      ["5bf884f5-3e07-42e9-afb8-1b872267bf16", "changes", `${REPO}/commits/{commitId}/{resource}`, 1],
      ["9946fd70-0d40-406e-b686-b4744cbbcc37", "pullRequests", `${REPO}/{resource}/{pullRequestId}`, 2],
      ["a5d28130-9cd2-40fa-9f08-902e7daa9efb", "pullRequests", "{project}/_apis/{area}/{resource}", 2],
      ["01a46dea-7d46-4d40-bc84-319e7c260d99", "pullRequests", "{project}/_apis/{area}/{resource}/{pullRequestId}", 2],
      ["4b6702c7-aa35-4b89-9c96-b9abf6d3e540", "reviewers", `${PULL}/{resource}/{reviewerId}`, 1],
      ["ab6e2e5d-a0b7-4153-b64a-a4efe0d49449", "threads", `${PULL}/{resource}/{threadId}`, 1],
      ["965a3ec7-5ed8-455a-bdcb-835a5ea7fe7b", "comments", `${PULL}/threads/{threadId}/{resource}/{commentId}`, 1],
      ["52823034-34a8-4576-922c-8d8b77e9e4c4", "commits", `${PULL}/{resource}`, 1],
      ["d43911ee-6958-46b0-a42b-8445b8a0d004", "iterations", `${PULL}/{resource}/{iterationId}`, 2],
      ["0a637fcc-5370-4ce8-b0e8-98091f5f9482", "workitems", `${PULL}/{resource}`, 1],
      ["fb93c0db-47ed-4a31-8c20-47552878fb44", "items", `${REPO}/{resource}/{*path}`, 1],
      ["729f6437-6f92-44ec-8bee-273a7111063c", "trees", `${REPO}/{resource}/{sha1}`, 1],
      ["7b28e929-2c99-405d-9c5c-6167a06e6816", "blobs", `${REPO}/{resource}/{sha1}`, 1],
    ],
  },
  build: {
    areaId: "965220d5-5bb9-42cf-8d67-9b146df2a5a4",
    locations: [
      ["dbeaf647-6167-421a-bda9-c9327b25e2e6", "definitions", "{project}/_apis/{area}/{resource}/{definitionId}", 7],
      ["0cd358e1-9217-4d94-8269-1c1ee6f93dcf", "builds", "{project}/_apis/{area}/{resource}/{buildId}", 7],
      ["8baac422-4c6e-4de5-8532-db96d92acffa", "timeline", "{project}/_apis/{area}/builds/{buildId}/{resource}/{timelineId}", 3],
      ["5a21f5d2-5642-47e4-a0bd-1356e6731bee", "workitems", "{project}/_apis/{area}/builds/{buildId}/{resource}", 2],
    ],
  },
  pipelines: {
    locations: [
      ["28e1305e-2afe-47bf-abaf-cbb0e6a91988", "pipelines", "{project}/_apis/{resource}/{pipelineId}", 1],
      ["7859261e-d2e9-4a68-b820-a5d84cc5bb3d", "runs", "{project}/_apis/pipelines/{pipelineId}/{resource}/{runId}", 1],
    ],
  },
  wit: {
    areaId: "5264459e-e5e0-4bd8-b118-0985e68a4ec5",
    locations: [
      ["1a9c53f7-f243-4447-b110-35ef023636e4", "wiql", "{project}/{team}/_apis/{area}/{resource}/{id}", 2],
      ["a02355f5-5f8a-4671-8e32-369d23aac83d", "wiql", "{project}/{team}/_apis/{area}/{resource}/{id}", 2],
      ["72c7ddf8-2cdc-4f60-90cd-ab71c14a399b", "workItems", "{project}/_apis/{area}/{resource}/{id}", 3],
      ["908509b6-4248-4475-a1cd-829139ba419f", "workItemsBatch", "{project}/_apis/{area}/{resource}", 1],
      ["6570bf97-d02c-4a91-8d93-3abe9895b1a9", "updates", "{project}/_apis/{area}/workItems/{id}/{resource}/{updateNumber}", 3],
    ],
  },
  work: {
    areaId: "1d4f49f9-02b9-4e26-b826-2cdb6195f2a9",
    locations: [
      ["c9175577-28a1-4b06-9197-8636af9f64ad", "iterations", "{project}/{team}/_apis/{area}/teamsettings/{resource}/{id}", 1],
      [
        "5b3ef1a6-d3ab-44cd-bafd-c7f45db850fa",
        "workitems",
        "{project}/{team}/_apis/{area}/teamsettings/iterations/{iterationId}/{resource}",
        1,
      ],
      ["c3c1012b-bea7-49d7-b45e-1664e566f84c", "teamsettings", "{project}/{team}/_apis/{area}/{resource}", 1],
    ],
  },
  graph: {
    areaId: "bb1e7ec9-e901-4b68-999a-de7012b920f8",
    locations: [["005e26ec-6b77-4e4f-a986-b3827bf241f5", "users", "_apis/{area}/{resource}/{userDescriptor}", 1]],
  },
};

/** The resource areas ResourceAreas lists, in its order; each lives at the organization URL. */
const RESOURCE_AREAS: Array<[name: string, area: string]> = [
  ["core", "core"],
  ["git", "git"],
  ["build", "build"],
  ["wit", "wit"],
  ["work", "work"],
  ["Graph", "graph"],
];

export function* discovery(ado: AdoContext): Generator<Resource> {
  for (const [area, { locations }] of Object.entries(AREAS)) {
    const value: JsonValue[] = locations.map(([id, resourceName, routeTemplate, resourceVersion]) => ({
      id,
      area,
      resourceName,
      routeTemplate,
      resourceVersion,
      minVersion: "1.0",
      maxVersion: "7.1",
      releasedVersion: "7.1",
    }));
    yield { path: `${ado.org}/_apis/${area}`, body: { count: value.length, value } };
  }
  const areas: JsonValue[] = RESOURCE_AREAS.map(([name, area]) => ({ id: AREAS[area]!.areaId!, name, locationUrl: `${ado.orgUrl}/` }));
  yield { path: `${ado.org}/_apis/ResourceAreas`, body: { count: areas.length, value: areas } };
  yield { path: `${ado.org}/_apis/connectionData`, body: connectionData(ado) };
}

function connectionData(ado: AdoContext): JsonValue {
  const p = ado.viewer;
  const user = {
    id: ado.personId(p),
    descriptor: `Microsoft.IdentityModel.Claims.ClaimsIdentity;${ado.guid("tenant")}\\${p.email}`,
    subjectDescriptor: ado.descriptor(p),
    providerDisplayName: p.name,
    isActive: true,
    properties: { Account: { $type: "System.String", $value: p.email } },
    resourceVersion: 2,
    metaTypeId: 0,
  };
  return {
    authenticatedUser: user,
    authorizedUser: user,
    instanceId: ado.guid("collection"),
    deploymentId: ado.guid("deployment"),
    deploymentType: "hosted",
    locationServiceData: {
      serviceOwner: "00025394-6065-48ca-87d9-7f5672854ef7",
      defaultAccessMappingMoniker: "PublicAccessMapping",
      lastChangeId: 1_000_000 + ado.world.generation.id,
      lastChangeId64: 1_000_000 + ado.world.generation.id,
    },
    webApplicationRelativeDirectory: `/${ado.org}/`,
  };
}
