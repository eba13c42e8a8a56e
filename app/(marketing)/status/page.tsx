import { PageHeader } from "@/components/site/page-header";
import { HealthBadge, ServiceHealthList } from "@/components/status/service-health-list";
import { getPlatformStatus } from "@/lib/hosting/queries";
import { pageMetadata } from "@/lib/site/metadata";
import { statusPage } from "@/lib/site/status";

export const metadata = pageMetadata({ title: statusPage.title, description: statusPage.description, path: "/status" });

// Read at each visit: the whole point is the state right now.
export const dynamic = "force-dynamic";

export default async function StatusPage() {
  const status = await getPlatformStatus();
  const checkedAt = new Date(status.checkedAt);
  return (
    <>
      <PageHeader eyebrow="Status" title={statusPage.title} description={statusPage.description} />
      <section aria-labelledby="status-overall" className="mx-auto grid max-w-3xl gap-4 px-4 py-12 sm:px-6 sm:py-16">
        <div className="flex items-center justify-between gap-3 rounded-xl border border-border bg-card/60 p-4">
          <h2 id="status-overall" className="min-w-0 text-lg font-semibold">
            {statusPage.overall[status.overall]}
          </h2>
          <span className="shrink-0">
            <HealthBadge level={status.overall} />
          </span>
        </div>
        <ServiceHealthList services={status.components} />
        <p className="text-sm text-muted-foreground">
          Checked at{" "}
          <time dateTime={status.checkedAt}>
            {checkedAt.toISOString().slice(11, 19)} UTC, {checkedAt.toISOString().slice(0, 10)}
          </time>
          . {statusPage.note}
        </p>
      </section>
    </>
  );
}
