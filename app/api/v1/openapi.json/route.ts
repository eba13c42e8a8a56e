/** GET /api/v1/openapi.json — the API's OpenAPI 3.1 document, made from the handlers' own schemas. */
import { openApiDocument } from "@/lib/api/v1/openapi";

export const dynamic = "force-static";

export function GET() {
  return Response.json(openApiDocument(), {
    headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" },
  });
}
