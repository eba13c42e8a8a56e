import { KeyRound, Lock } from "lucide-react";
import Link from "next/link";

import { PageHeader } from "@/components/site/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  apiBasePath,
  apiReference,
  endpointAnchor,
  type HttpMethod,
  type ReferenceOperation,
  type SchemaField,
} from "@/lib/api/reference";
import { pageMetadata } from "@/lib/site/metadata";
import { cn } from "@/lib/utils";

export const metadata = pageMetadata({
  title: "API Reference",
  description: "The Cipher REST API: manage bots, their commands and analytics with bearer API keys.",
  path: "/api",
});

const methodStyle: Record<HttpMethod, string> = {
  GET: "border-success/40 bg-success/10 text-success",
  POST: "border-primary/40 bg-primary/10 text-primary",
  PUT: "border-warning/40 bg-warning/10 text-warning",
  DELETE: "border-destructive/40 bg-destructive/10 text-destructive",
};

const reference = apiReference();

/** The document's descriptions mark code with backticks, as Markdown does. */
function Prose({ text }: { text: string }) {
  return text.split(/`([^`]+)`/).map((part, index) =>
    index % 2 ? (
      <code key={index} className="font-mono text-foreground">
        {part}
      </code>
    ) : (
      part
    ),
  );
}

function Fields({ label, fields }: { label: string; fields: (SchemaField & { in?: string })[] }) {
  if (!fields.length) return null;
  return (
    <div className="min-w-0">
      <p className="text-xs font-medium text-muted-foreground">{label}</p>
      <dl className="mt-1.5 grid gap-1.5 rounded-lg border border-border bg-[oklch(0.13_0.02_275)] p-3 text-xs">
        {fields.map((field) => (
          <div key={`${field.in ?? ""}${field.name}`} className="grid gap-0.5">
            <dt className="flex flex-wrap items-baseline gap-x-2 font-mono">
              <span className="text-foreground">{field.name}</span>
              <span className="break-all text-muted-foreground">{field.type}</span>
              {field.in ? <span className="text-muted-foreground">in {field.in}</span> : null}
              {field.required ? <span className="text-warning">required</span> : null}
            </dt>
            {field.description ? (
              <dd className="text-muted-foreground">
                <Prose text={field.description} />
              </dd>
            ) : null}
          </div>
        ))}
      </dl>
    </div>
  );
}

function Endpoint({ endpoint }: { endpoint: ReferenceOperation }) {
  const success = endpoint.responses.find((response) => response.status.startsWith("2"));
  const errors = endpoint.responses.filter((response) => !response.status.startsWith("2"));
  return (
    <article
      id={endpointAnchor(endpoint)}
      className="scroll-mt-24 rounded-xl border border-border bg-card/60 p-5 sm:p-6"
    >
      <header className="flex flex-wrap items-center gap-3">
        <Badge variant="outline" className={cn("font-mono", methodStyle[endpoint.method])}>
          {endpoint.method}
        </Badge>
        <code className="font-mono text-sm break-all">
          {apiBasePath}
          {endpoint.path}
        </code>
        <Badge variant="outline" className="text-muted-foreground">
          {endpoint.scope === "public" ? "no key needed" : `scope: ${endpoint.scope}`}
        </Badge>
      </header>
      <h3 className="mt-4 font-semibold">{endpoint.summary}</h3>
      {endpoint.description ? (
        <p className="mt-1 text-sm text-muted-foreground">
          <Prose text={endpoint.description} />
        </p>
      ) : null}
      <div className="mt-5 grid gap-4 lg:grid-cols-2">
        <Fields label="Parameters" fields={endpoint.parameters} />
        {endpoint.body ? (
          <Fields label={`Request body: ${endpoint.body.schema}`} fields={endpoint.body.fields} />
        ) : null}
        {success ? (
          success.fields?.length ? (
            <Fields label={`Response ${success.status}: ${success.schema}`} fields={success.fields} />
          ) : (
            <p className="text-xs text-muted-foreground">
              Response <code className="font-mono">{success.status}</code>: {success.description}
            </p>
          )
        ) : null}
      </div>
      <p className="mt-4 text-xs text-muted-foreground">
        Errors (problem details):{" "}
        {errors.map((response) => (
          <code key={response.status} className="mr-2 font-mono" title={response.description}>
            {response.status}
          </code>
        ))}
      </p>
    </article>
  );
}

export default function ApiReferencePage() {
  return (
    <>
      <PageHeader
        eyebrow={`REST API ${apiBasePath}`}
        title="API Reference"
        description="Manage, deploy and run your bots from your own scripts and CI. JSON over HTTPS, authenticated with bearer API keys. Generated from the API's own OpenAPI document."
      >
        <Button asChild variant="outline">
          <a href={`${apiBasePath}/openapi.json`}>OpenAPI 3.1 document</a>
        </Button>
        <Button asChild>
          <Link href="/tutorials/api-integration">API tutorial</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/docs">Documentation</Link>
        </Button>
      </PageHeader>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[15rem_1fr]">
        <nav aria-label="Endpoints" className="lg:sticky lg:top-24 lg:self-start">
          {reference.groups.map(({ tag, operations }) => (
            <div key={tag} className="mb-5">
              <h2 className="text-sm font-medium">{tag}</h2>
              <ul className="mt-2 space-y-1">
                {operations.map((endpoint) => (
                  <li key={endpointAnchor(endpoint)}>
                    <a
                      href={`#${endpointAnchor(endpoint)}`}
                      className="flex gap-2 rounded px-1 py-0.5 font-mono text-xs text-muted-foreground hover:text-foreground"
                    >
                      <span className="w-12 shrink-0">{endpoint.method}</span>
                      <span className="truncate">{endpoint.path}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <div className="min-w-0 space-y-12">
          <section aria-labelledby="authentication" className="grid gap-4 md:grid-cols-2">
            <h2 id="authentication" className="sr-only">
              Authentication
            </h2>
            <div className="rounded-xl border border-border bg-card/60 p-6">
              <KeyRound className="size-5 text-primary" aria-hidden="true" />
              <h3 className="mt-3 font-semibold">Bearer API keys</h3>
              <p className="mt-2 text-sm text-muted-foreground">
                Create a key on Tools → API Keys with the scopes it needs (read, write, deploy, control) and send it
                with every request. The secret is shown once; keep it out of bot code and public repositories. Or sign
                in with <code className="font-mono">POST /auth/login</code> for a 15-minute access token (
                <code className="font-mono">cpa_…</code>) and a rotating refresh token. Every POST honours{" "}
                <code className="font-mono">Idempotency-Key</code>.
              </p>
              <pre
                tabIndex={0}
                className="mt-4 overflow-x-auto rounded-lg border border-border bg-[oklch(0.13_0.02_275)] p-3 font-mono text-xs"
              >
                <code>Authorization: Bearer cph_…</code>
              </pre>
            </div>
            <div className="rounded-xl border border-border bg-card/60 p-6">
              <Lock className="size-5 text-primary" aria-hidden="true" />
              <h3 className="mt-3 font-semibold">Errors and limits</h3>
              <p className="mt-2 text-sm text-muted-foreground">
                Errors are RFC 9457 problem details (<code className="font-mono">application/problem+json</code>) with a
                stable <code className="font-mono">code</code>. Each key has its own rate limit, reported in{" "}
                <code className="font-mono">RateLimit-*</code> headers; past it, 429 with{" "}
                <code className="font-mono">Retry-After</code>. Another user&apos;s ids answer 404, like missing ones.
              </p>
            </div>
          </section>
          {reference.groups.map(({ tag, operations }) => (
            <section key={tag} aria-labelledby={`group-${tag}`} className="space-y-4">
              <h2 id={`group-${tag}`} className="text-2xl font-semibold tracking-tight">
                {tag}
              </h2>
              {operations.map((endpoint) => (
                <Endpoint key={endpointAnchor(endpoint)} endpoint={endpoint} />
              ))}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
