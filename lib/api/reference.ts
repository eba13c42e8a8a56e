/**
 * The /api reference page's content, read from the OpenAPI document of /api/v1 (lib/api/v1/openapi.ts),
 * which is itself made from the handlers' own zod schemas: the page cannot describe an endpoint that
 * does not exist, or miss one that does.
 */
import { openApiDocument } from "./v1/openapi";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

export const apiVersion = "v1";
export const apiBasePath = `/api/${apiVersion}`;

export interface SchemaField {
  name: string;
  type: string;
  required: boolean;
  description?: string;
}

export interface ReferenceOperation {
  method: HttpMethod;
  /** Path below the base URL, with `{id}` placeholders. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  scope: string;
  parameters: (SchemaField & { in: string })[];
  /** The JSON body's schema name and fields, if it takes one. */
  body?: { schema: string; fields: SchemaField[] };
  responses: { status: string; description: string; schema?: string; fields?: SchemaField[] }[];
}

type Schema = {
  $ref?: string;
  type?: string | string[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  additionalProperties?: Schema | boolean;
};

const refName = (ref: string) => ref.split("/").pop()!;

/** A schema in a few words: "string", "Bot[]", "\"slash\" | \"prefix\"", "integer | null". */
function typeOf(schema: Schema | undefined): string {
  if (!schema) return "any";
  if (schema.$ref) return refName(schema.$ref);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map(typeOf).join(" | ");
  if (Array.isArray(schema.type)) return schema.type.join(" | ");
  if (schema.type === "array") return `${typeOf(schema.items)}[]`;
  if (schema.type === "object" && schema.additionalProperties && !schema.properties) return "object";
  return schema.type ?? "any";
}

export function apiReference() {
  const document = openApiDocument();
  const schemas = (document.components?.schemas ?? {}) as Record<string, Schema>;
  const resolve = (schema: Schema | undefined): Schema | undefined =>
    schema?.$ref ? resolve(schemas[refName(schema.$ref)]) : schema;
  const fieldsOf = (schema: Schema | undefined): SchemaField[] => {
    const resolved = resolve(schema);
    return Object.entries(resolved?.properties ?? {}).map(([name, property]) => ({
      name,
      type: typeOf(property),
      required: resolved?.required?.includes(name) ?? false,
      description: property.description ?? resolve(property)?.description,
    }));
  };

  const operations: ReferenceOperation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of ["get", "post", "put", "delete"] as const) {
      const operation = (item as Record<string, unknown>)?.[method] as
        | {
            summary?: string;
            description?: string;
            tags?: string[];
            "x-cipher-scope"?: string;
            parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: Schema }[];
            requestBody?: { content?: Record<string, { schema?: Schema }> };
            responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
          }
        | undefined;
      if (!operation) continue;
      const bodySchema = operation.requestBody?.content?.["application/json"]?.schema;
      operations.push({
        method: method.toUpperCase() as HttpMethod,
        path,
        tag: operation.tags?.[0] ?? "Other",
        summary: operation.summary ?? "",
        description: operation.description,
        scope: operation["x-cipher-scope"] ?? "",
        parameters: (operation.parameters ?? []).map((parameter) => ({
          name: parameter.name,
          in: parameter.in,
          type: typeOf(parameter.schema),
          required: parameter.required ?? false,
          description: parameter.description ?? parameter.schema?.description,
        })),
        ...(bodySchema ? { body: { schema: typeOf(bodySchema), fields: fieldsOf(bodySchema) } } : {}),
        responses: Object.entries(operation.responses ?? {}).map(([status, response]) => {
          const schema = response.content?.["application/json"]?.schema;
          return {
            status,
            description: response.description ?? "",
            ...(schema ? { schema: typeOf(schema), fields: fieldsOf(schema) } : {}),
          };
        }),
      });
    }
  }
  const tags = [...new Set(operations.map((operation) => operation.tag))];
  return {
    title: document.info.title,
    version: document.info.version,
    groups: tags.map((tag) => ({ tag, operations: operations.filter((operation) => operation.tag === tag) })),
    problemFields: fieldsOf(schemas.Problem),
  };
}

/** `/bots/{id}` → `bots-id`, for anchors. */
export function endpointAnchor(endpoint: { method: string; path: string }): string {
  return `${endpoint.method.toLowerCase()}-${endpoint.path
    .replace(/[{}]/g, "")
    .replace(/[^a-z0-9]+/gi, "-")
    .replace(/^-|-$/g, "")}`;
}
