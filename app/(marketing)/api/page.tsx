import { KeyRound, Lock } from "lucide-react";
import Link from "next/link";

import { PageHeader } from "@/components/site/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  apiBasePath,
  apiEndpoints,
  apiErrors,
  endpointAnchor,
  type ApiEndpoint,
  type HttpMethod,
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

const groups = ["Authentication", "Bots", "Commands", "Analytics"] as const;

function Json({ label, value }: { label: string; value: unknown }) {
  return (
    <div className="min-w-0">
      <p className="text-xs font-medium text-muted-foreground">{label}</p>
      <pre
        tabIndex={0}
        className="mt-1.5 overflow-x-auto rounded-lg border border-border bg-[oklch(0.13_0.02_275)] p-3 font-mono text-xs leading-relaxed"
      >
        <code>{JSON.stringify(value, null, 2)}</code>
      </pre>
    </div>
  );
}

function Endpoint({ endpoint }: { endpoint: ApiEndpoint }) {
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
        {!endpoint.requiresAuth && (
          <Badge variant="outline" className="text-muted-foreground">
            No API key
          </Badge>
        )}
      </header>
      <h3 className="mt-4 font-semibold">{endpoint.summary}</h3>
      <p className="mt-1 text-sm text-muted-foreground">{endpoint.description}</p>
      <div className="mt-5 grid gap-4 lg:grid-cols-2">
        {endpoint.request !== undefined && <Json label="Request body" value={endpoint.request} />}
        <Json label="Response 200" value={endpoint.response} />
      </div>
      <p className="mt-4 text-xs text-muted-foreground">
        Errors:{" "}
        {endpoint.errors.map((code) => (
          <code key={code} className="mr-2 font-mono">
            {code}
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
        description="Manage bots, their commands and analytics from your own tools. JSON over HTTPS, authenticated with bearer API keys."
      >
        <Button asChild>
          <Link href="/tutorials/api-integration">API tutorial</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/docs">Documentation</Link>
        </Button>
      </PageHeader>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[15rem_1fr]">
        <nav aria-label="Endpoints" className="lg:sticky lg:top-24 lg:self-start">
          {groups.map((group) => (
            <div key={group} className="mb-5">
              <h2 className="text-sm font-medium">{group}</h2>
              <ul className="mt-2 space-y-1">
                {apiEndpoints
                  .filter((endpoint) => endpoint.group === group)
                  .map((endpoint) => (
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
                Create a key in the dashboard and send it with every request. Keys act as your account; keep them out of
                bot code and public repositories.
              </p>
              <pre
                tabIndex={0}
                className="mt-4 overflow-x-auto rounded-lg border border-border bg-[oklch(0.13_0.02_275)] p-3 font-mono text-xs"
              >
                <code>Authorization: Bearer ck_live_…</code>
              </pre>
            </div>
            <div className="rounded-xl border border-border bg-card/60 p-6">
              <Lock className="size-5 text-primary" aria-hidden="true" />
              <h3 className="mt-3 font-semibold">Errors and limits</h3>
              <ul className="mt-2 space-y-1.5 text-sm text-muted-foreground">
                {Object.entries(apiErrors).map(([code, meaning]) => (
                  <li key={code}>
                    <code className="mr-2 font-mono text-foreground">{code}</code>
                    {meaning}
                  </li>
                ))}
              </ul>
            </div>
          </section>
          {groups.map((group) => (
            <section key={group} aria-labelledby={`group-${group}`} className="space-y-4">
              <h2 id={`group-${group}`} className="text-2xl font-semibold tracking-tight">
                {group}
              </h2>
              {apiEndpoints
                .filter((endpoint) => endpoint.group === group)
                .map((endpoint) => (
                  <Endpoint key={endpointAnchor(endpoint)} endpoint={endpoint} />
                ))}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
